/**
 * Settings (docs/product.md#settings): a list of its sections (sections.tsx) and each section at
 * its own address. On a phone /dashboard/settings is the list and a section is a page of its own
 * with a way back, as iOS Settings; wider, the list stays beside the chosen section, and
 * /dashboard/settings opens on the first. The one long page it replaced was 12,000 px tall on a
 * phone. Old links (/dashboard/settings#calendars in mails already sent) land on their section.
 */
import { useLayoutEffect } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { usePhone } from '../../../lib/media.ts';
import { useScrollToHash } from '../../../lib/use-scroll-to-hash.ts';
import '../settings.css';
import {
  SETTINGS_GROUPS,
  SETTINGS_PATH,
  SETTINGS_SECTIONS,
  type SettingsSection,
  sectionAddress,
  sectionOfAnchor,
} from '../sections.tsx';

function SectionList({ current }: { current?: SettingsSection }) {
  return SETTINGS_GROUPS.map((group) => {
    const sections = SETTINGS_SECTIONS.filter((s) => s.group === group);
    if (sections.length === 0) return null;
    const groupId = `settings-group-${group.replaceAll(' ', '-').toLowerCase()}`;
    return (
      <div key={group} className="settings-group">
        <p id={groupId} className="settings-group-title">
          {group}
        </p>
        <ul aria-labelledby={groupId}>
          {sections.map((s) => (
            <li key={s.path}>
              <Link
                to={sectionAddress(s)}
                className="settings-link"
                // Named by its title alone, the hint its description (hidden from the name, not an
                // aria-label that leaves visible words out: axe's label-content-name-mismatch).
                aria-describedby={`settings-hint-${s.path}`}
                aria-current={s === current ? 'page' : undefined}
              >
                <span className="settings-link-title">{s.title}</span>
                <span id={`settings-hint-${s.path}`} className="settings-link-hint" aria-hidden="true">
                  {s.hint}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    );
  });
}

function SettingsLayout({ current }: { current?: SettingsSection }) {
  return (
    <div className={`settings-page ${current ? 'is-section' : 'is-list'}`}>
      <nav className="settings-nav" aria-labelledby="settings-title">
        <div className="page-head">
          <h1 id="settings-title">Settings</h1>
        </div>
        <SectionList current={current} />
      </nav>
      {current && (
        <div className="settings-detail">
          <Link to={SETTINGS_PATH} className="settings-back">
            All settings
          </Link>
          <current.Section />
        </div>
      )}
    </div>
  );
}

function SectionPage({ section }: { section: SettingsSection }) {
  const { hash } = useLocation();
  // A new section starts at its top, as a new page does; a #hash within it is brought into view instead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: section: each section opened scrolls to the top
  useLayoutEffect(() => {
    if (!hash) window.scrollTo?.(0, 0);
  }, [section, hash]);
  useScrollToHash();
  return <SettingsLayout current={section} />;
}

function SettingsIndex() {
  const { hash } = useLocation();
  const phone = usePhone();
  const named = sectionOfAnchor(hash);
  if (named) return <Navigate to={sectionAddress(named)} replace />;
  // Beside the list there is room for a section: the first, at its own address, so the side list marks it.
  if (!phone) return <Navigate to={sectionAddress(SETTINGS_SECTIONS[0] as SettingsSection)} replace />;
  return <SettingsLayout />;
}

export function SettingsPage() {
  return (
    <Routes>
      <Route index element={<SettingsIndex />} />
      {SETTINGS_SECTIONS.map((s) => (
        <Route key={s.path} caseSensitive path={s.path} element={<SectionPage section={s} />} />
      ))}
      <Route path="*" element={<Navigate to={SETTINGS_PATH} replace />} />
    </Routes>
  );
}
