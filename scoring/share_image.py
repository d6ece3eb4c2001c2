"""A session's result as a PNG for the group chat (晒战绩): the club, the date, each
player's total and biggest win, drawn server-side with Pillow in a Noto CJK font.

The font is found once per process (``cjk_font_path``): ``CSMJ_CJK_FONT`` when set,
else the Debian package ``fonts-noto-cjk``'s files, else what ``fc-match`` offers for
"Noto Sans CJK SC". Without one, ``FontMissing`` says what to install: a PNG of empty
boxes instead of Chinese would be worse than no image.
"""

from __future__ import annotations

import functools
import io
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Debian's fonts-noto-cjk (and fonts-noto-cjk-extra), then other common places.
FONT_CANDIDATES = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Medium.ttc",
    "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/local/share/fonts/NotoSansCJK-Regular.ttc",
    "/System/Library/Fonts/PingFang.ttc",
)


class FontMissing(RuntimeError):
    """No font that draws Chinese was found."""


@dataclass(frozen=True)
class Row:
    """One player's line: name, total (net chips) and biggest win in words."""

    name: str
    total: int
    best: str


@dataclass(frozen=True)
class Card:
    title: str  # the club
    subtitle: str  # date, table, how many rounds
    heading: str  # 本场战绩
    rows: list[Row]
    footer: str


def _fc_match() -> str | None:
    tool = shutil.which("fc-match")
    if tool is None:
        return None
    try:
        out = subprocess.run(  # noqa: S603  (a fixed command, no shell)
            [tool, "-f", "%{file}", "Noto Sans CJK SC:lang=zh-cn"],
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return out if out and "CJK" in out and Path(out).is_file() else None


@functools.cache
def cjk_font_path() -> str:
    """The file of a font that draws Chinese (FontMissing when there is none)."""
    configured = os.environ.get("CSMJ_CJK_FONT", "").strip()
    if configured:
        if not Path(configured).is_file():
            raise FontMissing(f"CSMJ_CJK_FONT={configured!r} is not a file")
        return configured
    for path in FONT_CANDIDATES:
        if Path(path).is_file():
            return path
    found = _fc_match()
    if found:
        return found
    raise FontMissing(
        "no CJK font found for the result image: install fonts-noto-cjk "
        "(apt-get install fonts-noto-cjk) or set CSMJ_CJK_FONT to a .ttc/.otf file"
    )


@functools.cache
def face_index(path: str) -> int:
    """In a font collection, the face for Simplified Chinese (Noto's "… CJK SC")."""
    from PIL import ImageFont

    for index in range(16):
        try:
            family, _style = ImageFont.truetype(path, 20, index=index).getname()
        except OSError:
            break
        if family and family.endswith(" SC"):
            return index
    return 0


def _font(size: int) -> Any:
    from PIL import ImageFont

    path = cjk_font_path()
    return ImageFont.truetype(path, size, index=face_index(path))


WIDTH = 1080
PAD = 64
ROW_H = 150
GREEN, RED, INK, MUTED, PAPER, LINE = (
    "#15803d",
    "#b91c1c",
    "#1f2937",
    "#6b7280",
    "#f7f5ef",
    "#e5e1d8",
)


def _fit(draw: Any, text: str, font: Any, width: int) -> str:
    """``text`` cut with … to fit ``width`` pixels."""
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


def card_png(card: Card) -> bytes:
    """The card as PNG bytes: 1080 px wide, as tall as its rows need."""
    from PIL import Image, ImageDraw

    title, sub, big, name_f, small = _font(56), _font(34), _font(64), _font(46), _font(32)
    height = PAD + 80 + 56 + 40 + 60 + ROW_H * len(card.rows) + 40 + 50 + PAD
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, 14), fill="#14532d")
    y = PAD
    draw.text((PAD, y), _fit(draw, card.title, title, WIDTH - 2 * PAD), font=title, fill=INK)
    y += 80
    draw.text((PAD, y), _fit(draw, card.subtitle, sub, WIDTH - 2 * PAD), font=sub, fill=MUTED)
    y += 56 + 40
    draw.text((PAD, y), card.heading, font=sub, fill=INK)
    y += 60
    for rank, row in enumerate(card.rows, start=1):
        draw.line((PAD, y, WIDTH - PAD, y), fill=LINE, width=2)
        total = f"{row.total:+d}" if row.total else "0"
        colour = GREEN if row.total > 0 else RED if row.total < 0 else MUTED
        total_w = draw.textlength(total, font=big)
        draw.text((PAD, y + 22), str(rank), font=name_f, fill=MUTED)
        name_w = WIDTH - 2 * PAD - 70 - total_w - 30
        draw.text((PAD + 70, y + 22), _fit(draw, row.name, name_f, name_w), font=name_f, fill=INK)
        draw.text((WIDTH - PAD - total_w, y + 14), total, font=big, fill=colour)
        if row.best:
            best = _fit(draw, row.best, small, WIDTH - 2 * PAD - 70)
            draw.text((PAD + 70, y + 88), best, font=small, fill=MUTED)
        y += ROW_H
    draw.line((PAD, y, WIDTH - PAD, y), fill=LINE, width=2)
    y += 40
    draw.text((PAD, y), card.footer, font=small, fill=MUTED)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
