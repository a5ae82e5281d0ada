#!/usr/bin/env bash
# Regenerates the committed demo binary assets (hero banners, partner/accreditation logos and
# travel-moment clips with posters) from the procedural SVG art in db/seed/art.ts.
#
# Requirements:
#   - Node 24 (the repo's `node` devDependency, used via `npx node`) and node_modules with sharp
#   - ffmpeg built with libvpx-vp9 (Debian/Ubuntu: `apt-get install -y ffmpeg`)
#
# Usage:
#   scripts/make-seed-assets.sh                    # everything
#   scripts/make-seed-assets.sh --only=banners     # or logos, moments (comma-separated)
#
# Outputs:
#   public/images/banners/{mauritius,bali,phuket,cape-town,msc-cruise,spain}{,-1024,-640}.webp
#       1600x900 / 1024x576 / 640x360 WebP, quality 70 (lowered automatically if > 120 KB)
#   public/images/partners/*.svg, public/images/accredited/*.svg   (200x80 logos)
#   db/seed/assets/moment-*.webm   VP9 in WebM, 640x360, 24 fps, 6-7 s, no audio track, < 400 KB
#   db/seed/assets/moment-*.webp   640x360 poster = first frame of the clip
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v ffmpeg >/dev/null 2>&1; then
  echo "ffmpeg not found (apt-get install -y ffmpeg)" >&2
  exit 1
fi
encoders="$(ffmpeg -hide_banner -encoders 2>/dev/null || true)"
if [[ "$encoders" != *libvpx-vp9* ]]; then
  echo "ffmpeg lacks the libvpx-vp9 encoder" >&2
  exit 1
fi

npx --no-install node scripts/make-seed-assets.ts "$@"
