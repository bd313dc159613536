import type { Flash } from '../lib/use-flash.ts';
import { Notice } from './notice.tsx';

export function FlashMessage({ message }: { message: Flash | null }) {
  if (!message) return null;
  return (
    <Notice kind={message.kind} detail={message.detail}>
      {message.text}
    </Notice>
  );
}
