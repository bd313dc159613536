/**
 * The note the dashboard shows while there is no connection (docs/product.md#home-screen-and-offline), a
 * status like every notice (components/notice.tsx): announced politely when it appears.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { offline } from '../lib/offline.ts';
import { Notice } from './notice.tsx';

export function OfflineNote() {
  useSignals();
  if (!offline.value) return null;
  return <Notice kind="warning">You're offline — showing what was loaded earlier. Changes need a connection.</Notice>;
}
