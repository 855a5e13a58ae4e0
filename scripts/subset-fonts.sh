#!/usr/bin/env bash
# Regenerates the app's fonts (app/_fonts/, loaded by app/fonts.ts with next/font/local) from the
# variable fonts of @fontsource-variable: each script's own subset (Inter: Latin; Noto Sans
# Devanagari: Devanagari) with the weight axis cut to the weights the app uses (400-600: normal,
# medium, semibold; nothing is bolder). Needs fontTools with brotli (Debian: apt-get install
# python3-fonttools python3-brotli). Run it after changing a font package or the weights used.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-/usr/bin/python3}
WGHT=400:600
"$PY" -m fontTools.varLib.instancer node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2 \
  wght=$WGHT -o app/_fonts/inter-latin-wght-400-600.woff2
"$PY" -m fontTools.varLib.instancer node_modules/@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2 \
  wght=$WGHT -o app/_fonts/noto-sans-devanagari-devanagari-wght-400-600.woff2
ls -l app/_fonts
