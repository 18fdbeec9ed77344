/**
 * Small inline SVG icons. Emoji and dingbat glyphs render as empty boxes where no emoji font is installed
 * (headless Chromium, many Linux desktops), so icons are drawn, not typed. Each is decorative (aria-hidden:
 * the button or text beside it carries the meaning), takes the text colour, and is sized by CSS (`.icon`).
 */
import type { ReactNode } from 'react';

function Svg({ children, fill }: { children: ReactNode; fill?: boolean }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill={fill ? 'currentColor' : 'none'}
      stroke={fill ? 'none' : 'currentColor'}
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** A ticket (the header's bonus balance). */
export const TicketIcon = () => (
  <Svg>
    <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v8a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2zM14 6v2m0 3v2m0 3v2" />
  </Svg>
);

/** A padlock (an item that cannot be staked). */
export const LockIcon = () => (
  <Svg>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </Svg>
);

const speaker = <path d="M4 9h4l5-4v14l-5-4H4z" />;

/** A speaker with sound waves (sound on). */
export const SoundOnIcon = () => (
  <Svg>
    {speaker}
    <path d="M16.5 9a4 4 0 0 1 0 6M19 6.5a7.5 7.5 0 0 1 0 11" />
  </Svg>
);

/** A speaker crossed out (sound off). */
export const SoundOffIcon = () => (
  <Svg>
    {speaker}
    <path d="m17 10 4 4m0-4-4 4" />
  </Svg>
);

/** Two opposed arrows (mirror the wheel). */
export const MirrorIcon = () => (
  <Svg>
    <path d="M4 8h15l-4-4M20 16H5l4 4" />
  </Svg>
);

/** A check mark (selected, verified). */
export const CheckIcon = () => (
  <Svg>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Svg>
);

/** A cross (a failed check). */
export const CrossIcon = () => (
  <Svg>
    <path d="M6 6l12 12M18 6 6 18" />
  </Svg>
);

/** An arrow up or down (price sort direction). */
export const SortIcon = ({ up }: { up: boolean }) => (
  <Svg>{up ? <path d="M12 19V5m-6 6 6-6 6 6" /> : <path d="M12 5v14m-6-6 6 6 6-6" />}</Svg>
);

/** An arrow pointing left (back). */
export const BackIcon = () => (
  <Svg>
    <path d="M19 12H5m6-6-6 6 6 6" />
  </Svg>
);

/** The brand mark, a filled triangle. */
export const LogoIcon = () => (
  <Svg fill>
    <path d="M12 3 22 20H2z" />
  </Svg>
);

/** A lightning bolt (fast spin). */
export const FastIcon = () => (
  <Svg>
    <path d="M13 2 4 14h7l-1 8 9-12h-7z" />
  </Svg>
);
