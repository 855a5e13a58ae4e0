#!/usr/bin/env bash
# Regenerates the app's fonts (public/fonts/, declared in app/globals.css, see app/fonts.ts) from the
# variable fonts of @fontsource-variable: each script's own subset (Inter: Latin; Noto Sans
# Devanagari: the Hindi messages' characters, below) with the weight axis cut to the weights the app uses (400-600: normal,
# medium, semibold; nothing is bolder). Needs fontTools with brotli (Debian: apt-get install
# python3-fonttools python3-brotli). Run it after changing a font package, the weights used or
# the Hindi messages (components/flow/i18n/hi-*.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-/usr/bin/python3}
WGHT=400:600
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# Inter: the Latin subset's characters but its three combining accents (U+0304, U+0308, U+0329:
# they pull in mark positioning for every base letter; precomposed letters stay), and the
# OpenType features the app uses (kerning, contextual forms, tabular/proportional digits, not
# fractions). The ranges must match app/globals.css.
INTER_RANGES='U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD'
"$PY" -m fontTools.varLib.instancer node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2 \
  wght=$WGHT -o "$TMP/inter.woff2"
"$PY" -m fontTools.subset "$TMP/inter.woff2" --unicodes="$INTER_RANGES" --layout-features='kern,mark,mkmk,calt,ccmp,locl,tnum,pnum' \
  --flavor=woff2 --output-file=public/fonts/inter-latin-wght-400-600.woff2
# Devanagari: only the characters the flow's Hindi messages use (with the danda and the digits),
# and every glyph the font's shaping (GSUB/GPOS) reaches from them: conjuncts and matras stay
# whole. Other Devanagari text (an organization's own Hindi) falls back to the system's font for
# the characters missing here (on Android, the same Noto Sans Devanagari).
DEV_FULL="$TMP/devanagari.woff2"
"$PY" -m fontTools.varLib.instancer node_modules/@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2 \
  wght=$WGHT -o "$DEV_FULL"
HI_CHARS=$("$PY" -c '
import sys
import glob
text = "".join(open(f, encoding="utf-8").read() for f in sorted(glob.glob("components/flow/i18n/hi-*.ts")))
print(",".join(sorted({"U+%04X" % ord(c) for c in text if 0x0900 <= ord(c) <= 0x097F})))')
"$PY" -m fontTools.subset "$DEV_FULL" --unicodes="$HI_CHARS,U+0964-096F,U+200C-200D,U+25CC" --layout-features='*' \
  --flavor=woff2 --output-file=public/fonts/noto-sans-devanagari-devanagari-wght-400-600.woff2
# the Hindi messages' characters the file has (components/flow/i18n/hindi-font.test.ts checks the hi-*.ts files against it)
echo "$HI_CHARS" > app/_fonts/noto-sans-devanagari-chars.txt
ls -l public/fonts app/_fonts
