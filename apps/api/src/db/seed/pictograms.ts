import type { Pictogram } from './data/categories.ts';

/** Colours a pictogram is drawn with: the category colour, an outline colour and a pale fill. */
export interface Palette {
  main: string;
  dark: string;
  light: string;
}

/**
 * Simple flat drawings, one per category, in a 200 x 200 box. They are what the seed's product,
 * category and blog images show (the demo has no photographs).
 */
export function pictogram(kind: Pictogram, p: Palette): string {
  const s = `stroke="${p.dark}" stroke-width="4" stroke-linejoin="round"`;
  switch (kind) {
    case 'rebar': {
      const rods = [0, 1, 2, 3, 4]
        .map((i) => {
          const y = 62 + i * 19;
          return `<rect x="8" y="${y - 7}" width="184" height="14" rx="7" fill="#94a3b8" ${s}/>
            <line x1="16" y1="${y}" x2="184" y2="${y}" stroke="${p.dark}" stroke-width="10" stroke-dasharray="2 7" opacity="0.45"/>`;
        })
        .join('');
      return `<g transform="rotate(-28 100 100)">${rods}
        <rect x="62" y="44" width="16" height="112" rx="4" fill="${p.main}" ${s}/>
        <rect x="124" y="44" width="16" height="112" rx="4" fill="${p.main}" ${s}/></g>`;
    }
    case 'sack':
      return `<path d="M42 38 Q100 22 158 38 L170 168 Q100 184 30 168 Z" fill="${p.light}" ${s}/>
        <path d="M44 50 Q100 36 156 50" fill="none" stroke="${p.dark}" stroke-width="3" stroke-dasharray="7 5"/>
        <rect x="52" y="78" width="96" height="56" rx="8" fill="${p.main}" ${s}/>
        <text x="100" y="115" font-size="24" font-weight="700" fill="#fff" text-anchor="middle" font-family="DejaVu Sans, Noto Sans, sans-serif">40 KG</text>
        <path d="M52 150 Q100 160 148 150" fill="none" stroke="${p.dark}" stroke-width="3" opacity="0.5"/>`;
    case 'paint':
      return `<path d="M44 66 Q100 -8 156 66" fill="none" ${s}/>
        <path d="M40 66 L40 164 A60 16 0 0 0 160 164 L160 66" fill="${p.light}" ${s}/>
        <rect x="40" y="98" width="120" height="44" fill="${p.main}"/>
        <path d="M40 98 H160 M40 142 H160" ${s}/>
        <ellipse cx="100" cy="66" rx="60" ry="16" fill="${p.main}" ${s}/>
        <path d="M52 76 Q56 96 60 78 M118 80 Q123 108 128 79 M144 74 Q147 88 150 73" fill="${p.main}" stroke="${p.main}" stroke-width="6" stroke-linecap="round"/>`;
    case 'stones':
      return `<ellipse cx="100" cy="172" rx="92" ry="12" fill="${p.dark}" opacity="0.15"/>
        <path d="M14 170 Q40 96 100 80 Q160 96 186 170 Z" fill="${p.light}" ${s}/>
        <ellipse cx="62" cy="146" rx="20" ry="14" fill="${p.main}" ${s}/>
        <ellipse cx="104" cy="150" rx="24" ry="15" fill="#a8a29e" ${s}/>
        <ellipse cx="146" cy="148" rx="18" ry="13" fill="${p.main}" ${s} opacity="0.85"/>
        <ellipse cx="84" cy="116" rx="18" ry="12" fill="#d6d3d1" ${s}/>
        <ellipse cx="124" cy="118" rx="17" ry="12" fill="${p.main}" ${s}/>
        <ellipse cx="104" cy="92" rx="14" ry="9" fill="#a8a29e" ${s}/>`;
    case 'bulb':
      return `<g stroke="${p.main}" stroke-width="7" stroke-linecap="round">
          <line x1="100" y1="6" x2="100" y2="22"/><line x1="30" y1="36" x2="42" y2="48"/>
          <line x1="170" y1="36" x2="158" y2="48"/><line x1="12" y1="92" x2="28" y2="92"/>
          <line x1="188" y1="92" x2="172" y2="92"/></g>
        <path d="M100 34 A56 56 0 0 1 134 134 L130 150 H70 L66 134 A56 56 0 0 1 100 34 Z" fill="#fef08a" ${s}/>
        <path d="M84 134 L92 100 L100 116 L108 100 L116 134" fill="none" stroke="${p.main}" stroke-width="4"/>
        <rect x="70" y="150" width="60" height="30" rx="6" fill="#cbd5e1" ${s}/>
        <path d="M72 160 H128 M72 170 H128" ${s}/>
        <path d="M86 180 H114 L106 192 H94 Z" fill="${p.dark}"/>`;
    case 'pipe':
      return `<path d="M20 66 H112 A44 44 0 0 1 156 110 V186" fill="none" stroke="${p.dark}" stroke-width="44"/>
        <path d="M20 66 H112 A44 44 0 0 1 156 110 V186" fill="none" stroke="${p.main}" stroke-width="36"/>
        <path d="M20 58 H112 A52 52 0 0 1 164 110" fill="none" stroke="#fff" stroke-width="5" opacity="0.45"/>
        <rect x="10" y="36" width="22" height="60" rx="4" fill="${p.light}" ${s}/>
        <rect x="126" y="170" width="60" height="22" rx="4" fill="${p.light}" ${s}/>
        <path d="M60 120 Q60 104 70 96 Q80 104 80 120 A10 10 0 0 1 60 120 Z" fill="#38bdf8" ${s}/>`;
    case 'plug':
      return `<path d="M100 150 C100 184 40 168 28 194" fill="none" stroke="${p.dark}" stroke-width="10" stroke-linecap="round"/>
        <rect x="78" y="24" width="12" height="34" rx="3" fill="#cbd5e1" ${s}/>
        <rect x="110" y="24" width="12" height="34" rx="3" fill="#cbd5e1" ${s}/>
        <path d="M60 56 H140 V112 A40 40 0 0 1 60 112 Z" fill="${p.light}" ${s}/>
        <rect x="86" y="140" width="28" height="16" rx="4" fill="${p.dark}"/>
        <path d="M150 70 L126 118 H146 L134 166 L176 104 H154 L168 70 Z" fill="${p.main}" ${s}/>`;
    case 'planks':
      return `<path d="M20 140 L60 118 H190 L150 140 Z" fill="#fcd34d" ${s}/>
        <rect x="20" y="140" width="130" height="26" fill="#d97706" ${s}/>
        <path d="M150 140 L190 118 V144 L150 166 Z" fill="#b45309" ${s}/>
        <path d="M20 104 L60 82 H190 L150 104 Z" fill="#fde68a" ${s}/>
        <rect x="20" y="104" width="130" height="26" fill="${p.main}" ${s}/>
        <path d="M150 104 L190 82 V108 L150 130 Z" fill="#78350f" ${s}/>
        <path d="M20 68 L60 46 H190 L150 68 Z" fill="#fcd34d" ${s}/>
        <rect x="20" y="68" width="130" height="26" fill="#d97706" ${s}/>
        <path d="M150 68 L190 46 V72 L150 94 Z" fill="#b45309" ${s}/>
        <path d="M30 80 Q70 74 100 82 T144 80 M30 116 Q64 110 96 118 T144 114 M30 152 Q70 146 100 154 T144 152" fill="none" stroke="${p.dark}" stroke-width="2" opacity="0.5"/>`;
    case 'bolt':
      return `<g transform="rotate(-35 100 100)">
          <path d="M70 20 H130 L142 44 L130 68 H70 L58 44 Z" fill="#cbd5e1" ${s}/>
          <rect x="84" y="68" width="32" height="118" fill="#e2e8f0" ${s}/>
          ${[82, 96, 110, 124, 138, 152, 166].map((y) => `<line x1="84" y1="${y}" x2="116" y2="${y + 8}" stroke="${p.dark}" stroke-width="3"/>`).join('')}
        </g>
        <path d="M150 112 L176 127 V157 L150 172 L124 157 V127 Z" fill="${p.main}" ${s}/>
        <circle cx="150" cy="142" r="12" fill="#fff" ${s}/>`;
    case 'tiles': {
      const cells: string[] = [];
      for (let row = 0; row < 3; row++) {
        for (let col = 0; col < 3; col++) {
          const fill = (row + col) % 2 === 0 ? p.main : p.light;
          cells.push(
            `<rect x="${22 + col * 54}" y="${22 + row * 54}" width="48" height="48" rx="5" fill="${fill}" ${s}/>`,
          );
        }
      }
      return `<rect x="14" y="14" width="172" height="172" rx="10" fill="${p.dark}" opacity="0.12"/>${cells.join('')}
        <path d="M30 30 L52 30 M30 30 L30 52" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity="0.7"/>`;
    }
    case 'board':
      return `<path d="M36 40 L160 24 L176 150 L52 168 Z" fill="${p.light}" ${s}/>
        <path d="M22 56 L146 40 L160 166 L36 184 Z" fill="#f1f5f9" ${s}/>
        ${[0, 1, 2]
          .flatMap((i) =>
            [0, 1, 2].map(
              (j) => `<circle cx="${44 + i * 44 + j * 2}" cy="${66 + j * 46 - i * 6}" r="4" fill="${p.main}"/>`,
            ),
          )
          .join('')}
        <path d="M22 56 L146 40" stroke="${p.main}" stroke-width="8"/>`;
    case 'helmet':
      return `<path d="M36 130 A64 64 0 0 1 164 130 Z" fill="${p.main}" ${s}/>
        <path d="M88 68 Q100 50 112 68 V128 H88 Z" fill="#fff" opacity="0.35"/>
        <path d="M16 132 H184 Q184 150 164 150 H36 Q16 150 16 132 Z" fill="${p.main}" ${s}/>
        <path d="M60 98 Q70 80 86 72" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity="0.6"/>`;
    case 'tools':
      return `<g transform="rotate(40 100 100)">
          <rect x="90" y="52" width="20" height="136" rx="8" fill="#b45309" ${s}/>
          <path d="M56 22 H150 Q160 22 160 34 V52 H56 Q40 52 40 38 Q40 22 56 22 Z" fill="#94a3b8" ${s}/>
        </g>
        <g transform="rotate(-40 100 100)">
          <rect x="90" y="58" width="20" height="120" rx="6" fill="${p.main}" ${s}/>
          <path d="M72 20 A30 30 0 1 0 128 20 L118 20 L112 40 H88 L82 20 Z" fill="#cbd5e1" ${s}/>
          <circle cx="100" cy="176" r="14" fill="#cbd5e1" ${s}/>
        </g>`;
    case 'door':
      return `<rect x="34" y="10" width="104" height="184" rx="4" fill="${p.light}" ${s}/>
        <rect x="46" y="22" width="80" height="166" fill="${p.main}" ${s}/>
        <rect x="58" y="36" width="56" height="56" rx="3" fill="#fff" opacity="0.35" ${s}/>
        <rect x="58" y="106" width="56" height="66" rx="3" fill="#fff" opacity="0.25" ${s}/>
        <circle cx="114" cy="102" r="6" fill="#facc15" ${s}/>
        <rect x="146" y="40" width="46" height="64" fill="#bae6fd" ${s}/>
        <path d="M169 40 V104 M146 72 H192" ${s}/>`;
    case 'block':
      return `<path d="M30 78 L70 50 H180 L140 78 Z" fill="#e5e7eb" ${s}/>
        <path d="M140 78 L180 50 V140 L140 168 Z" fill="#9ca3af" ${s}/>
        <rect x="30" y="78" width="110" height="90" fill="#d1d5db" ${s}/>
        <rect x="42" y="92" width="36" height="62" rx="3" fill="${p.dark}" opacity="0.75"/>
        <rect x="92" y="92" width="36" height="62" rx="3" fill="${p.dark}" opacity="0.75"/>
        <path d="M84 58 L104 58 L88 70 H68 Z M128 58 H148 L132 70 H112 Z" fill="${p.dark}" opacity="0.5"/>
        <rect x="30" y="168" width="150" height="8" fill="${p.main}" opacity="0.6"/>`;
    case 'mixer':
      return `<rect x="8" y="138" width="184" height="14" rx="4" fill="${p.dark}"/>
        <path d="M130 84 H172 L190 112 V140 H130 Z" fill="${p.main}" ${s}/>
        <path d="M144 92 H168 L180 112 H144 Z" fill="#bae6fd" ${s}/>
        <g transform="rotate(-18 70 100)">
          <ellipse cx="70" cy="100" rx="60" ry="38" fill="${p.light}" ${s}/>
          <path d="M30 76 Q52 100 34 126 M62 64 Q84 100 62 136 M96 66 Q118 100 96 134" fill="none" stroke="${p.main}" stroke-width="8"/>
        </g>
        <circle cx="44" cy="160" r="18" fill="#374151" ${s}/><circle cx="44" cy="160" r="7" fill="#d1d5db"/>
        <circle cx="160" cy="160" r="18" fill="#374151" ${s}/><circle cx="160" cy="160" r="7" fill="#d1d5db"/>`;
    case 'roof':
      return `<rect x="44" y="104" width="112" height="80" fill="${p.light}" ${s}/>
        <rect x="86" y="132" width="30" height="52" fill="${p.dark}" opacity="0.7"/>
        <path d="M10 112 L100 28 L190 112 L172 122 L100 56 L28 122 Z" fill="${p.main}" ${s}/>
        ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<line x1="${28 + i * 12}" y1="${114 - i * 11}" x2="${36 + i * 12}" y2="${120 - i * 11}" stroke="#fff" stroke-width="3" opacity="0.5"/>`).join('')}
        ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<line x1="${172 - i * 12}" y1="${114 - i * 11}" x2="${164 - i * 12}" y2="${120 - i * 11}" stroke="#fff" stroke-width="3" opacity="0.5"/>`).join('')}
        <rect x="54" y="120" width="22" height="22" fill="#bae6fd" ${s}/>`;
    case 'caulk':
      return `<path d="M14 178 Q40 160 62 174 T110 172 T150 176" fill="none" stroke="${p.light}" stroke-width="14" stroke-linecap="round"/>
        <path d="M14 178 Q40 160 62 174 T110 172 T150 176" fill="none" stroke="${p.dark}" stroke-width="3" opacity="0.4"/>
        <g transform="rotate(-40 110 90)">
          <rect x="62" y="64" width="120" height="52" rx="8" fill="${p.main}" ${s}/>
          <rect x="88" y="74" width="60" height="32" rx="4" fill="#fff" opacity="0.85"/>
          <path d="M62 74 L26 86 L14 90 L26 94 L62 106 Z" fill="#e2e8f0" ${s}/>
          <rect x="182" y="70" width="12" height="40" rx="3" fill="${p.dark}"/>
        </g>`;
  }
}
