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
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from csmj_site.language import list_sep
from leagues.audit_text import hand_label

if TYPE_CHECKING:
    from django.http import HttpResponse

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


def best_round_words(codes: list[str], net: int) -> str:
    """A biggest round (最大一盘) as the cards write it: its hand types and its net
    ("四喜、清一色 +12"), the net alone when no hand paid there (a kong's payment)."""
    return f"{list_sep().join(hand_label(c) for c in codes)} {net:+d}".strip()


@dataclass(frozen=True)
class Row:
    """One player's line: name, total (net chips) and biggest win in words."""

    name: str
    total: int
    best: str
    rank: int | None = None  # a shared rank (1, 2, 2, 4); None: the row's place


@dataclass(frozen=True)
class Card:
    title: str  # the club
    subtitle: str  # date, table, how many rounds
    heading: str  # 本场战绩
    rows: list[Row]
    footer: str
    more: str = ""  # a line under the rows for those left out (a night's card: 还有 k 人)


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


def _canvas(height: int) -> tuple[Any, Any]:
    """A blank card ``height`` px tall: paper, the green band on top."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, 14), fill="#14532d")
    return image, draw


def _header(draw: Any, title: str, subtitle: str) -> int:
    """The club and the line under it; the y where the card's body starts."""
    y = PAD
    draw.text((PAD, y), _fit(draw, title, _font(56), WIDTH - 2 * PAD), font=_font(56), fill=INK)
    y += 80
    sub = _font(34)
    draw.text((PAD, y), _fit(draw, subtitle, sub, WIDTH - 2 * PAD), font=sub, fill=MUTED)
    return y + 56 + 40


def _signed(total: int) -> tuple[str, str]:
    """A total as shown (+12, -5, 0) and its colour."""
    text = f"{total:+d}" if total else "0"
    return text, GREEN if total > 0 else RED if total < 0 else MUTED


def _rule(draw: Any, y: int) -> None:
    draw.line((PAD, y, WIDTH - PAD, y), fill=LINE, width=2)


def _png(image: Any) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def card_png(card: Card) -> bytes:
    """The card as PNG bytes: 1080 px wide, as tall as its rows need."""
    big, name_f, small = _font(64), _font(46), _font(32)
    more_h = 80 if card.more else 0
    height = PAD + 80 + 56 + 40 + 60 + ROW_H * len(card.rows) + more_h + 40 + 50 + PAD
    image, draw = _canvas(height)
    y = _header(draw, card.title, card.subtitle)
    draw.text((PAD, y), card.heading, font=_font(34), fill=INK)
    y += 60
    for place, row in enumerate(card.rows, start=1):
        rank = row.rank or place
        _rule(draw, y)
        total, colour = _signed(row.total)
        total_w = draw.textlength(total, font=big)
        draw.text((PAD, y + 22), str(rank), font=name_f, fill=MUTED)
        name_w = WIDTH - 2 * PAD - 70 - total_w - 30
        draw.text((PAD + 70, y + 22), _fit(draw, row.name, name_f, name_w), font=name_f, fill=INK)
        draw.text((WIDTH - PAD - total_w, y + 14), total, font=big, fill=colour)
        if row.best:
            best = _fit(draw, row.best, small, WIDTH - 2 * PAD - 70)
            draw.text((PAD + 70, y + 88), best, font=small, fill=MUTED)
        y += ROW_H
    if card.more:
        _rule(draw, y)
        draw.text((PAD + 70, y + 20), _fit(draw, card.more, small, WIDTH - 2 * PAD - 70),
                  font=small, fill=MUTED)  # fmt: skip
        y += more_h
    _rule(draw, y)
    draw.text((PAD, y + 40), card.footer, font=small, fill=MUTED)
    return _png(image)


@dataclass(frozen=True)
class PlayerCard:
    """One player's night (比赛之夜): a card of their own, to share."""

    title: str  # the club
    subtitle: str  # date, the night's name
    name: str
    rank: str  # 第 2 名 · 共 13 人
    total: int  # what ranks: net after penalties
    facts: list[tuple[str, str]]  # (label, value): net, penalties, rounds, wins
    best: str  # the biggest win in words, or ""
    footer: str


def player_card_png(card: PlayerCard) -> bytes:
    """A player's card as PNG bytes: 1080 × 1080 (a square, as chats show pictures)."""
    image, draw = _canvas(WIDTH)
    y = _header(draw, card.title, card.subtitle)
    name_f = _font(72)
    draw.text((PAD, y), _fit(draw, card.name, name_f, WIDTH - 2 * PAD), font=name_f, fill=INK)
    y += 110
    draw.text((PAD, y), card.rank, font=_font(46), fill=MUTED)
    total, colour = _signed(card.total)
    huge = _font(160)
    draw.text((WIDTH - PAD - draw.textlength(total, font=huge), y - 40), total, font=huge,
              fill=colour)  # fmt: skip
    y += 170
    _rule(draw, y)
    column = (WIDTH - 2 * PAD) // max(1, len(card.facts))
    label_f, value_f = _font(32), _font(56)
    for i, (label, value) in enumerate(card.facts):
        x = PAD + i * column
        draw.text((x, y + 30), label, font=label_f, fill=MUTED)
        draw.text((x, y + 78), _fit(draw, value, value_f, column - 16), font=value_f, fill=INK)
    y += 170
    _rule(draw, y)
    if card.best:
        best_f = _font(40)
        draw.text((PAD, y + 40), _fit(draw, card.best, best_f, WIDTH - 2 * PAD), font=best_f,
                  fill=INK)  # fmt: skip
    draw.text((PAD, WIDTH - PAD - 40), card.footer, font=_font(32), fill=MUTED)
    return _png(image)


def png_response(draw: Callable[[], bytes], filename: str) -> HttpResponse:
    """An image of ``draw()`` as an inline PNG download (``HttpResponse``); 503 with the
    reason when no font draws Chinese on this server."""
    from django.http import HttpResponse

    try:
        png = draw()
    except FontMissing as exc:
        return HttpResponse(str(exc), status=503, content_type="text/plain; charset=utf-8")
    response = HttpResponse(png, content_type="image/png")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    response["Cache-Control"] = "private, no-cache"
    return response
