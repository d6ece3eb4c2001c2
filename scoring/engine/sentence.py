"""One round in one sentence: the one-line entry (docs/one-line-entry.md).

``parse_sentence(text, players=…, dealer=…, ruleset=…)`` turns a sentence such as
"王芳自摸清一色 鸟3 7" into a round of round-format.md (a plain dict), or the errors
naming what it could not place ("没听懂：…"); ``round_sentence(data, players)`` says a
round back as such a sentence (the property test parses it again). The round a
sentence gives is then validated like any round: the parser places words, the
validator judges the round.

Over 800 lines as one job: the sentence's grammar, read and said back, whose two
directions must agree (the property test reads what ``round_sentence`` says).

Every game word is read from where it is declared once: the hand names from the
hand-type registry (``HAND_TYPES``), the outcomes, seats and classes of hand from
``words``, the kongs from ``KONG_KINDS``. Only the grammar's own words (胡, 放炮, 鸟, 起手,
给, 要 …) are spelled here, in ``GRAMMAR``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from scoring.engine.errors import FieldError, RoundInvalid
from scoring.engine.hands import HAND_TYPES, HandClass, WinKind
from scoring.engine.messages import make_error, show_value
from scoring.engine.options import KONG_KINDS
from scoring.engine.rules import Rules, parse_ruleset
from scoring.engine.validate import parse_round
from scoring.engine.words import HAND_CLASSES, OUTCOMES, SEATS, TONGPAO

# What a request may hold (POST /api/v1/parse/): its keys (any other is refused), a
# sentence's length, and each seat's aliases, as many and as long as a club's roster
# holds them (leagues.models).
PARSE_KEYS = frozenset({"text", "players", "aliases", "dealer", "ruleset"})
TEXT_MAX = 500
ALIASES_MAX = 50
NAME_MAX = 60

# The grammar's own words (besides the game's words above), each with what it means.
GRAMMAR: MappingProxyType[str, tuple[str, ...]] = MappingProxyType(
    {
        "win": ("胡了", "胡", "和牌", "赢了"),  # a win on a discard, unless 自摸 is said
        # beside 点炮 (OUTCOMES["discard"]); 放的炮 as voice input writes it
        "discarder": ("放炮", "放了炮", "放的炮", "打炮"),
        "draw": ("黄庄", "荒庄"),  # beside 流局 (OUTCOMES["draw"])
        "birds": ("扎鸟", "抓鸟", "中鸟", "鸟"),
        "forfeit": ("忘记扎鸟", "忘了扎鸟", "没扎鸟"),
        "opening": ("起手",),  # beside 起手胡 (HAND_CLASSES["opening"])
        "midgame": ("中途",),  # before 四喜 / 六六顺: the mid-game codes
        "to": ("给",),  # 放杠给 王芳; 放炮给 王芳 (王芳 won on the discard)
        # 刘洋胡黄勇的炮: the discard itself, only after "<seat>的" that follows a win
        "pao": ("炮",),
        "haidi": ("海底",),
        "takes": ("要了", "要"),  # 海底 张伟要
        "declines": ("不要", "没要"),  # 海底 张伟不要: offered it first, did not take it
        "nobody": ("没人要", "都不要"),
        "seat": ("号位", "号"),  # 3号位, 3号
        "filler": ("了", "的", "啊", "呢", "吧", "是", "这盘", "这把", "这一盘", "然后"),
        # between birds, as voice input writes them (鸟3和7), and between seats that share
        # their word (刘洋和王芳胡)
        "and": ("和", "跟", "还有"),
    }
)

_DIGITS = {"一": 1, "幺": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8}
_DIGITS |= {"九": 9}
_SUIT_WORDS = {"万": "m", "条": "s", "索": "s", "筒": "p", "饼": "p", "m": "m", "s": "s", "p": "p"}
# What separates words (full-width punctuation is folded to these by NFKC first).
_SEPARATORS = frozenset(" \t\n,.;:!?、，。；：！？…·~～-—()（）[]【】\"'“”‘’")

# The mid-game codes by the opening hand they repeat (中途 四喜 → zhongtu_sixi).
_MIDGAME_OF = {
    h.code.removeprefix("zhongtu_"): h.code
    for h in HAND_TYPES.values()
    if h.hand_class is HandClass.MIDGAME
}
_KONG_WORDS = {kind: words.name.zh for kind, words in KONG_KINDS.items()}


def _lexicon() -> list[tuple[str, str, object]]:
    """Every word the parser knows: (text, meaning, value), longest first."""
    out: list[tuple[str, str, object]] = []
    for h in HAND_TYPES.values():
        out.append((h.name_zh, "hand", h.code))
    out.append((OUTCOMES["self_draw"].zh, "self_draw", None))
    out.append((OUTCOMES["discard"].zh, "discarder", None))
    out.append((OUTCOMES["draw"].zh, "draw", None))
    out.append((TONGPAO.zh, "tongpao", None))
    out.append((HAND_CLASSES["opening"].zh, "opening", None))
    out.append((HAND_CLASSES["midgame"].zh, "midgame", None))
    for kind, word in _KONG_WORDS.items():
        out.append((word, "kong", kind))
    for meaning, words in GRAMMAR.items():
        if meaning != "seat":
            out.extend((w, meaning, None) for w in words)
    out.sort(key=lambda entry: -len(entry[0]))
    return out


_LEXICON = _lexicon()


def _normalise(text: str) -> str:
    """Full-width letters, digits and punctuation folded (NFKC), letters lower case."""
    return unicodedata.normalize("NFKC", text).lower()


class _Token:
    __slots__ = ("kind", "text", "value")

    def __init__(self, kind: str, value: object, text: str) -> None:
        self.kind = kind
        self.value = value
        self.text = text


def _seat_number(text: str, i: int, n: int) -> tuple[int, int] | None:
    """``3号位`` / ``三号`` at ``i``: (seat index, end), or None."""
    ch = text[i]
    number = int(ch) if ch.isdecimal() else _DIGITS.get(ch)
    if number is None:
        return None
    for word in GRAMMAR["seat"]:
        if text.startswith(word, i + 1):
            if 1 <= number <= n:
                return number - 1, i + 1 + len(word)
            return None
    return None


def _tile_at(text: str, i: int) -> tuple[str, int] | None:
    """A tile at ``i`` (5m, 5万, 五万, 5 筒): (tile, end), or None."""
    ch = text[i]
    rank = int(ch) if ch.isdecimal() else _DIGITS.get(ch)
    if rank is None or not 1 <= rank <= 9:
        return None
    j = i + 1
    while j < len(text) and text[j] == " ":
        j += 1
    if j < len(text) and text[j] in _SUIT_WORDS:
        return f"{rank}{_SUIT_WORDS[text[j]]}", j + 1
    return None


def _game_word_start(word: str) -> bool:
    """Whether ``word`` is, or begins, one of the grammar's or the game's words (胡, 清一
    of 清一色, 海 of 海底) or a seat number or bird digit (二号, 三): as an alias it would
    take that word's place."""
    first = word[0]
    if first.isdecimal() or first in _DIGITS:
        return len(word) == 1 or any(s.startswith(word[1:]) for s in GRAMMAR["seat"])
    return any(known.startswith(word) for known, _meaning, _value in _LEXICON)


def _tokens(text: str, names: Sequence[str], aliases: Sequence[Sequence[str]] = ()) -> list[_Token]:
    """The sentence as words; what matches no word is an ``unknown`` token. A seat is
    named by its player's name, or by one of their ``aliases`` (per seat), unless the
    alias is a seat's name, another seat's alias too, or (the start of) a game word."""
    n = len(names)
    named = [(_normalise(name), seat) for seat, name in enumerate(names) if name.strip()]
    taken = {word for word, _seat in named}
    holders: dict[str, set[int]] = {}
    for seat, held in enumerate(aliases):
        for alias in held:
            word = _normalise(alias).strip()
            if word and word not in taken and not _game_word_start(word):
                holders.setdefault(word, set()).add(seat)
    named += [(word, min(seats)) for word, seats in holders.items() if len(seats) == 1]
    by_name = sorted(named, key=lambda e: -len(e[0]))
    out: list[_Token] = []
    unknown = ""
    i = 0
    after_haidi = False
    after_birds = False  # Chinese digits are birds only after 鸟 (六 may be in a name)
    while i < len(text):
        ch = text[i]
        found: _Token | None = None
        end = i
        if ch in _SEPARATORS:
            found, end = _Token("sep", None, ch), i + 1
        if found is None:
            for name, seat in by_name:
                if text.startswith(name, i):
                    found, end = _Token("seat", seat, name), i + len(name)
                    break
        if found is None:
            seat_at = _seat_number(text, i, n)
            if seat_at is not None:
                found, end = _Token("seat", seat_at[0], text[i : seat_at[1]]), seat_at[1]
        if found is None and after_haidi:
            tile_at = _tile_at(text, i)
            if tile_at is not None:
                found, end = _Token("tile", tile_at[0], text[i : tile_at[1]]), tile_at[1]
        if found is None:
            for word, meaning, value in _LEXICON:
                if text.startswith(word, i):
                    found, end = _Token(meaning, value, word), i + len(word)
                    break
        if found is None and (ch.isdecimal() or (after_birds and ch in _DIGITS)):
            found, end = _Token("number", int(ch) if ch.isdecimal() else _DIGITS[ch], ch), i + 1
        if found is None:
            unknown += ch
            i += 1
            continue
        if unknown:
            out.append(_Token("unknown", None, unknown))
            unknown = ""
        if found.kind != "sep":
            after_haidi = found.kind == "haidi" or (after_haidi and found.kind == "number")
            after_birds = found.kind in ("birds", "number", "filler", "and")
        out.append(found)
        i = end
    if unknown:
        out.append(_Token("unknown", None, unknown))
    return out


def _next_word(tokens: list[_Token], j: int) -> int:
    """The index of the first token from ``j`` that is not a separator."""
    while j < len(tokens) and tokens[j].kind == "sep":
        j += 1
    return j


class _Reader:
    """Places the words of one sentence into a round."""

    def __init__(self, n: int, rules: Rules | None) -> None:
        self.n = n
        self.rules = rules
        self.errors: list[str] = []
        self.not_played: list[str] = []  # hand names the ruleset does not play
        self.subject: int | None = None
        self.kind: str | None = None
        self.discarder: int | None = None
        self.winners: dict[int, list[str]] = {}
        self.openings: dict[int, dict[str, Any]] = {}
        self.midgame: list[dict[str, Any]] = []
        self.kongs: list[dict[str, Any]] = []
        self.birds: list[int] | None = None
        self.forfeited = False
        self.haidi: dict[str, Any] = {}
        self.in_haidi = False
        self.small_mode: str | None = None  # "opening" / "midgame": 起手 or 中途 just said
        self.last_small: dict[str, Any] | None = None  # what birds after it belong to
        self.ming_from: int | None = None  # 张伟放杠 … 给 王芳
        self.fed = False  # 放炮 just said: 给 may name who won on it
        self.to_winner = False  # 张伟放炮给 …: the next seat named won
        self.unknown_subject = False  # words after a name not understood are not named again
        # Seats named one after another (刘洋、王芳胡: both won), with the words that named
        # them; ``fresh`` while no word has taken the last of them yet.
        self.listed: list[tuple[int, str]] = []
        self.fresh = False

    def not_understood(self, text: str) -> None:
        if text not in self.errors:
            self.errors.append(text)

    def need_subject(self, token: _Token) -> int | None:
        """The seat the word is said of. Seats named before it that the word cannot share
        (刘洋、王芳点炮: one discarder) are said back as not understood, never dropped."""
        if self.subject is None and not self.unknown_subject:
            self.not_understood(token.text)
        if self.fresh:
            for _seat, text in self.listed[:-1]:
                self.not_understood(text)
        self.fresh = False
        return self.subject

    def group(self, token: _Token) -> list[int]:
        """The seats a win or a hand is said of: every seat just named one after another
        (刘洋、王芳胡, 刘洋和王芳 平胡), else the subject."""
        if self.subject is None:
            self.need_subject(token)
            return []
        seats = [s for s, _text in self.listed] if self.listed else [self.subject]
        self.fresh = False
        return seats if seats[-1] == self.subject else [self.subject]

    def read(self, tokens: list[_Token]) -> None:
        i = 0
        while i < len(tokens):
            t = tokens[i]
            i += 1
            handler = getattr(self, f"on_{t.kind}")
            consumed = handler(t, tokens, i)
            if consumed:
                i = consumed

    # --- one handler per kind of word; a handler may consume the words after it

    def on_sep(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        return None

    def on_filler(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        return None

    def on_and(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        if not self.fresh:  # between seats; between birds on_birds reads it
            self.not_understood(t.text)
        return None

    def on_unknown(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        self.not_understood(t.text)
        self.subject, self.unknown_subject = None, True
        return None

    def on_number(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        self.not_understood(t.text)
        return None

    def on_tile(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        if not self.in_haidi:
            self.not_understood(t.text)
        else:
            self.haidi["tile"] = t.value
        return None

    def on_seat(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        assert isinstance(t.value, int)
        fed = self._fed_by(t.value, tokens, i)
        if fed is not None:
            return fed
        if self.ming_from is not None and self.ming_from != t.value:
            self.kongs.append({"seat": t.value, "kind": "ming", "from": self.ming_from})
            self.ming_from = None
            return None
        if self.to_winner:
            self.winners.setdefault(t.value, [])
            self.to_winner = False
        self.fed = False
        if self.fresh and self.listed and not self.in_haidi:
            if self.listed[-1][0] != t.value:  # 二号位 李娜自摸, a stutter: one seat
                self.listed.append((t.value, t.text))
        else:
            self.listed = [(t.value, t.text)]
        self.fresh = True
        self.subject = t.value
        self.unknown_subject = False
        self.small_mode = None
        self.last_small = None  # birds after a seat's words are that seat's, or the result's
        if self.in_haidi:
            return self._haidi_seat(t.value, tokens, i)
        return None

    def _fed_by(self, seat: int, tokens: list[_Token], i: int) -> int | None:
        """刘洋胡黄勇的炮 / 刘洋胡了黄勇的碰碰胡: a seat named right after a win and before
        的 discarded the winning tile; the winner stays the seat the words are said of (a
        hand after it is theirs). The end of what it consumed (的, and 炮 after it), or
        None when the seat is not said so. The words touch: 刘洋胡了，黄勇的七小对 may be
        two wins, and is read as the seats' own words are."""
        winner = self.subject
        if i < 2 or tokens[i - 2].kind != "win" or winner is None or winner == seat:
            return None
        if i >= len(tokens) or tokens[i].text != "的":
            return None
        if self.discarder not in (None, seat) or self.kind == "self_draw":
            return None
        # only before 炮, the win's hand, its birds or the end: 刘洋胡了黄勇的暗杠 is 黄勇's
        # kong, 刘洋胡了李娜的起手四喜 李娜's opening, read as the seats' own words are
        j = _next_word(tokens, i + 1)
        said = tokens[j] if j < len(tokens) else None
        if said is not None and not (
            said.kind in ("pao", "birds")
            or said.kind == "hand"
            and HAND_TYPES[str(said.value)].hand_class in (HandClass.SMALL, HandClass.BIG)
        ):
            return None
        self.discarder, self.kind = seat, "discard"
        self.listed, self.fresh = [(winner, "")], False
        return j + 1 if said is not None and said.kind == "pao" else j

    def on_pao(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        self.not_understood(t.text)  # 炮 is read only after "<seat>的" (``_fed_by``)
        return None

    def _haidi_seat(self, seat: int, tokens: list[_Token], i: int) -> int | None:
        """海底 张伟要 / 张伟不要 (offered it first)."""
        j = i
        while j < len(tokens) and tokens[j].kind in ("sep", "filler"):
            j += 1
        if j < len(tokens) and tokens[j].kind == "takes":
            self.haidi["taker"] = seat
            return j + 1
        if j < len(tokens) and tokens[j].kind == "declines":
            self.haidi["first_offered"] = seat
            return j + 1
        return None

    def on_takes(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        """张伟要海底: the taker before the word 海底."""
        seat = self.need_subject(t)
        j = i
        while j < len(tokens) and tokens[j].kind in ("sep", "filler"):
            j += 1
        if seat is None or j >= len(tokens) or tokens[j].kind != "haidi":
            if seat is not None:
                self.not_understood(t.text)
            return None
        self.haidi["taker"] = seat
        self.in_haidi = True
        return j + 1

    def on_declines(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        if not self.in_haidi:
            self.not_understood(t.text)
        return None

    def on_nobody(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        if not self.in_haidi:
            self.not_understood(t.text)
        else:
            self.haidi["taker"] = None
        return None

    def on_haidi(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        self.in_haidi = True
        self.subject = None
        return None

    def _said_of_last_seat(self, t: _Token) -> str:
        """The word with the seat's words before it (张伟放炮), to say it back."""
        return (self.listed[-1][1] if self.listed else "") + t.text

    def on_self_draw(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        if self.discarder is not None:  # 李娜放炮 刘洋自摸: which was it?
            self.need_subject(t)
            self.not_understood(self._said_of_last_seat(t))
            return None
        self.kind = "self_draw"
        seat = self.need_subject(t)
        if seat is not None:
            self.winners.setdefault(seat, [])
        self.last_small = None
        return None

    def on_win(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        for seat in self.group(t):
            self.winners.setdefault(seat, [])
        self.last_small = None
        return None

    def on_discarder(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        seat = self.need_subject(t)
        if seat is not None and (
            self.kind == "self_draw" or self.discarder not in (None, seat)
        ):  # 刘洋自摸 李娜放炮, 李娜放炮 张伟放炮: one round has one discarder, or none
            self.not_understood(self._said_of_last_seat(t))
            return None
        self.kind = self.kind or "discard"
        if seat is not None:
            self.discarder = seat
            self.fed = True
        self.last_small = None
        return None

    def on_tongpao(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        self.kind = self.kind or "discard"
        return None

    def on_draw(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        self.kind = "draw"
        self.last_small = None
        self.subject = None
        return None

    def on_opening(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        self.need_subject(t)
        self.small_mode = "opening"
        return None

    def on_midgame(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        self.need_subject(t)
        self.small_mode = "midgame"
        return None

    def on_hand(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        code = str(t.value)
        cls = HAND_TYPES[code].hand_class
        final = cls in (HandClass.SMALL, HandClass.BIG)
        if final and not self.fresh and self.subject == self.discarder:
            # 刘洋胡 王芳放炮 清一色: the win's hand, said after its discarder
            won = [s for s in self.winners if s != self.discarder]
            if len(won) == 1:
                self._hand(won[0], code, cls)
                return None
        seats = self.group(t) if final else [self.need_subject(t)]
        for seat in seats:
            if seat is not None:
                self._hand(seat, code, cls)
        return None

    def _hand(self, seat: int, code: str, cls: HandClass) -> None:
        if cls is HandClass.OPENING and self.small_mode == "midgame" and code in _MIDGAME_OF:
            code, cls = _MIDGAME_OF[code], HandClass.MIDGAME
        if self.rules is not None and not self.rules.allows(code):
            if HAND_TYPES[code].name_zh not in self.not_played:
                self.not_played.append(HAND_TYPES[code].name_zh)
            return None
        if cls is HandClass.OPENING:
            entry = self.openings.setdefault(seat, {"seat": seat, "hands": []})
            entry["hands"].append(code)
            self.last_small = entry
        elif cls is HandClass.MIDGAME:
            last = self.last_small
            # one mid-game win per naming of its seat (王芳中途四喜 王芳中途四喜: two wins)
            if last is None or last.get("midgame") is not True or "birds" in last:
                last = {"seat": seat, "hands": [], "midgame": True}
                self.midgame.append(last)
            last["hands"].append(code)
            self.last_small = last
        else:
            self.winners.setdefault(seat, []).append(code)
            self.last_small = None
        return None

    def on_kong(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        seat = self.need_subject(t)
        if seat is None:
            return None
        if t.value == "ming":  # 刘洋放杠给王芳: the next seat named made the kong
            self.ming_from = seat
            self.subject = None
            return None
        self.kongs.append({"seat": seat, "kind": t.value})
        return None

    def on_to(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        if self.ming_from is None and self.fed:
            self.to_winner = True  # 李娜放炮给王芳: 王芳 won on 李娜's discard
        elif self.ming_from is None:
            self.not_understood(t.text)
        return None

    def on_forfeit(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        self.forfeited = True
        return None

    def on_birds(self, t: _Token, tokens: list[_Token], i: int) -> int | None:
        """鸟 3 7 / 鸟3、7 / 鸟37: the numbers after the word, each one bird."""
        birds: list[int] = []
        j = i
        while j < len(tokens) and tokens[j].kind in ("sep", "number", "filler", "and"):
            if tokens[j].kind == "number":
                assert isinstance(tokens[j].value, int)
                birds.append(int(tokens[j].value))  # type: ignore[call-overload]
            j += 1
        if not birds:
            self.not_understood(t.text)
            return None
        small = self.last_small
        if small is not None and "birds" not in small:
            small["birds"] = birds
        else:
            self.birds = birds
        return j

    # --- the round

    def round(self, dealer: int, ruleset: object) -> dict[str, Any]:
        if self.ming_from is not None:
            self.not_understood(_KONG_WORDS["ming"])
        data: dict[str, Any] = {"ruleset": ruleset, "dealer": dealer}
        if self.openings:
            data["openings"] = [
                {"seat": o["seat"], "hands": o["hands"], "birds": o.get("birds", [])}
                for o in self.openings.values()
            ]
        if self.midgame:
            data["midgame"] = [
                {"seat": m["seat"], "hands": m["hands"], "birds": m.get("birds", [])}
                for m in self.midgame
            ]
        if self.kongs:
            data["kongs"] = self.kongs
        # 胡 without 自摸 is a win on a discard (the validator asks for the discarder), but
        # for one winner whose hand comes by self-draw only (杠上开花, 天胡, 海底捞月)
        kind = (
            self.kind
            or self._self_drawn_by_its_hand()
            or ("discard" if self.winners or self.discarder is not None else None)
        )
        if kind is None:
            if self.birds is not None or self.forfeited:
                self.not_understood(GRAMMAR["birds"][-1])
            return data
        result: dict[str, Any] = {"kind": kind}
        if kind == "draw":
            result["haidi"] = self._haidi()
        else:
            result["winners"] = self._winners()
            if kind == "discard":
                result["discarder"] = self.discarder
            if self.forfeited:
                result["birds_forfeited"] = True
            elif self.birds is not None:
                result["birds"] = self.birds
            haidi_codes = {c for w in result["winners"] for c in w["hands"]} & {
                c for c, h in HAND_TYPES.items() if h.needs_haidi
            }
            if haidi_codes or self.haidi:
                haidi = self._haidi()
                if "haidilaoyue" in haidi_codes and len(result["winners"]) == 1:
                    haidi["taker"] = result["winners"][0]["seat"]
                if "haidipao" in haidi_codes and self.discarder is not None:
                    haidi.setdefault("taker", self.discarder)
                    if haidi["taker"] is None:
                        haidi["taker"] = self.discarder
                result["haidi"] = haidi
        data["result"] = result
        return data

    def _self_drawn_by_its_hand(self) -> str | None:
        if self.discarder is not None or len(self.winners) != 1:
            return None
        codes = [c for hands in self.winners.values() for c in hands]
        only = frozenset({WinKind.SELF_DRAW})
        return "self_draw" if any(HAND_TYPES[c].win_kinds == only for c in codes) else None

    def _winners(self) -> list[dict[str, Any]]:
        return [
            {"seat": seat, "hands": hands or ["pinghu"]}
            for seat, hands in sorted(self.winners.items())
        ]

    def _haidi(self) -> dict[str, Any]:
        return {
            "tile": self.haidi.get("tile"),
            "taker": self.haidi.get("taker"),
            "first_offered": self.haidi.get("first_offered"),
            "replaced_by": None,
        }


def parse_sentence(
    text: str,
    *,
    players: Sequence[str],
    dealer: int,
    ruleset: object,
    aliases: Sequence[Sequence[str]] = (),
) -> tuple[dict[str, Any] | None, list[FieldError]]:
    """The round a sentence says at a table of ``players`` (the seats' names in turn
    order; a table of 4, 3 or 2; ``aliases``: each seat's other names, 老张 for 张伟),
    or None and the errors naming what it could not place
    (field ``text``, code ``sentence_not_understood``; a hand the ruleset does not play,
    ``sentence_hand_not_played``). The round is not validated here."""
    if not text.strip():
        return None, [make_error("text", "sentence_empty")]
    rules, _errors = parse_ruleset(ruleset)
    reader = _Reader(len(players), rules)
    reader.read(_tokens(_normalise(text), players, aliases))
    data = reader.round(dealer, ruleset)
    if reader.errors or reader.not_played:
        return None, [
            make_error("text", "sentence_not_understood", value=part) for part in reader.errors
        ] + [
            make_error("text", "sentence_hand_not_played", value=name) for name in reader.not_played
        ]
    return data, []


def parse_request(data: object) -> dict[str, Any]:
    """``POST /api/v1/parse/``: ``{"text", "players", "aliases", "dealer", "ruleset"}`` →
    ``{"round": …, "problems": […]}`` (``problems``: the validator's errors of the round,
    [] when it is complete). Raises RoundInvalid naming each field it cannot read, or each
    part of the sentence it could not place."""
    errors: list[FieldError] = []
    if not isinstance(data, dict):
        raise RoundInvalid([make_error("", "not_an_object", value=type(data).__name__)])
    errors.extend(make_error(str(k), "unknown_field") for k in data if k not in PARSE_KEYS)
    text = data.get("text")
    if not isinstance(text, str):
        errors.append(
            make_error("text", "required") if text is None else _wrong("text", "a string", text)
        )
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        errors.append(
            make_error("players", "required")
            if players is None
            else _wrong("players", "a list of names", players)
        )
    if isinstance(text, str) and len(text) > TEXT_MAX:
        errors.append(make_error("text", "too_long", max=TEXT_MAX, count=len(text)))
    aliases = data.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(held, list) for held in aliases):
        errors.append(_wrong("aliases", "a list of lists of names", aliases))
    else:
        for seat, held in enumerate(aliases):
            if len(held) > ALIASES_MAX or not all(
                isinstance(a, str) and 1 <= len(a) <= NAME_MAX for a in held
            ):
                errors.append(
                    _wrong(
                        f"aliases.{seat}",
                        f"at most {ALIASES_MAX} names of 1–{NAME_MAX} characters",
                        held,
                    )
                )
    dealer = data.get("dealer")
    if dealer is None:  # absent or null: seat 0, as a round's optional fields read null
        dealer = 0
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        errors.append(_wrong("dealer", "an integer", dealer))
    ruleset = data.get("ruleset", "changsha-67")
    rules, rule_errors = parse_ruleset(ruleset)
    errors.extend(rule_errors)
    if errors or rules is None:
        raise RoundInvalid(errors)
    assert isinstance(text, str) and isinstance(players, list) and isinstance(dealer, int)
    n = rules.players
    if len(players) != n:
        errors.append(make_error("players", "wrong_length", expected=n, count=len(players)))
    seen: set[str] = set()
    for seat, name in enumerate(players):  # a blank name names no one, however often
        key = _normalise(name).strip()  # as the sentence reads names: Amy is amy, ＡＢ AB
        if key and key in seen:
            errors.append(make_error(f"players.{seat}", "duplicate_name", name=name.strip()))
        seen.add(key)
    if aliases and len(aliases) != n:
        errors.append(make_error("aliases", "wrong_length", expected=n, count=len(aliases)))
    if not 0 <= dealer < n:
        errors.append(
            make_error(
                "dealer", "seat_out_of_range", value=dealer, seat=dealer, players=n, last=n - 1
            )
        )
    if errors:
        raise RoundInvalid(errors)
    parsed, errors = parse_sentence(
        text, players=players, dealer=dealer, ruleset=ruleset, aliases=aliases
    )
    if parsed is None:
        raise RoundInvalid(errors)

    return {"round": parsed, "problems": [e.as_dict() for e in parse_round(parsed)[1]]}


def _wrong(field: str, expected: str, value: object) -> FieldError:
    return make_error(field, "wrong_type", expected=expected, value=show_value(value))


# --- saying a round as a sentence -------------------------------------------------


def _name(h: str) -> str:
    return HAND_TYPES[h].name_zh


def _small(names: Sequence[str], entry: dict[str, Any], lead: str) -> str:
    hands = entry["hands"]
    words = "".join(_name(c) for c in hands)
    birds = entry.get("birds") or []
    out = f"{names[entry['seat']]}{lead}{words}"
    return f"{out} {_birds(birds)}" if birds else out


def _birds(birds: Sequence[int]) -> str:
    return GRAMMAR["birds"][-1] + " ".join(str(b) for b in birds)


def _tile_words(tile: str | None) -> str:
    """5m → 5万 (the suit as a speaker says it)."""
    if not tile:
        return ""
    suit = next(word for word, code in _SUIT_WORDS.items() if code == tile[1])
    return tile[0] + suit


def round_sentence(data: dict[str, Any], players: Sequence[str]) -> str:
    """A round (round-format.md, as the parser reads it: openings, mid-game wins, kongs,
    the result with its birds and 海底) said as one sentence ``parse_sentence`` reads back
    to a round that scores the same. Fish, 飘 and penalties are not said."""
    parts: list[str] = []
    for o in data.get("openings") or []:
        parts.append(_small(players, o, GRAMMAR["opening"][0]))
    for m in data.get("midgame") or []:
        parts.append(_small(players, m, ""))
    for k in data.get("kongs") or []:
        if k["kind"] == "ming":
            parts.append(
                f"{players[k['from']]}{_KONG_WORDS['ming']}{GRAMMAR['to'][0]}{players[k['seat']]}"
            )
        else:
            parts.append(f"{players[k['seat']]}{_KONG_WORDS[k['kind']]}")
    res = data.get("result") or {}
    kind = res.get("kind")
    haidi = res.get("haidi") or {}
    if kind == "draw":
        said = [OUTCOMES["draw"].zh, GRAMMAR["haidi"][0] + _tile_words(haidi.get("tile"))]
        if haidi.get("taker") is not None:
            said.append(players[haidi["taker"]] + GRAMMAR["takes"][-1])
        if haidi.get("first_offered") is not None and haidi.get("first_offered") != haidi.get(
            "taker"
        ):
            said.append(players[haidi["first_offered"]] + GRAMMAR["declines"][0])
        parts.append(" ".join(said))
    elif kind in ("self_draw", "discard"):
        winners = res.get("winners") or []
        if kind == "self_draw":
            w = winners[0]
            parts.append(
                players[w["seat"]] + OUTCOMES["self_draw"].zh + "".join(map(_name, w["hands"]))
            )
        else:
            if len(winners) > 1:
                parts.append(TONGPAO.zh)
            parts.append(players[res["discarder"]] + GRAMMAR["discarder"][0])
            for w in winners:
                hands = [] if w["hands"] == ["pinghu"] else w["hands"]  # 胡 alone: 平胡
                parts.append(players[w["seat"]] + GRAMMAR["win"][1] + "".join(map(_name, hands)))
        if haidi.get("tile"):
            parts.append(GRAMMAR["haidi"][0] + _tile_words(haidi["tile"]))
        if res.get("birds_forfeited"):
            parts.append(GRAMMAR["forfeit"][0])
        elif res.get("birds"):
            parts.append(_birds(res["birds"]))
    return " ".join(parts)


def seat_names(players: int) -> tuple[str, ...]:
    """The seats named as the pages name them (1号位 …), for a table with no names."""
    return tuple(SEATS[i].zh for i in range(players))
