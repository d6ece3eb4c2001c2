"""The audit log in words: each entry as one sentence in the reader's language
("recorder 更正了第 3 盘") and a readable diff (only the fields that changed, named in
words, with player names, hand types by their names, seats by who sat there).

``audit_lines(entries)`` reads the names every entry of a page needs in a few queries
(users, players, seasons, rulesets, the seats of the sessions), whatever the page's size.
Sentences are gettext strings with the context "audit" (English in locale/en).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import formats, timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import pgettext

from csmj_site.language import clause_sep, colon, in_page_language, list_sep, page_is_english
from leagues.audit import MASK, SEAT_NAMES, AuditEntry
from leagues.models import Player, Role, Ruleset, Season
from leagues.option_values import value_words
from scoring.engine import (
    HAND_CLASSES,
    HAND_TYPES,
    OUTCOMES,
    PARAMETER_INFO,
    PRESET_INFO,
    PRESETS,
    ValueLabel,
    parse_ruleset,
)


@dataclass
class Change:
    label: str
    before: str
    after: str


@dataclass
class AuditLine:
    entry: AuditEntry
    sentence: str
    changes: list[Change] = field(default_factory=list)
    # the session a line is about, while it exists, and who sat there: which table's
    # 第 3 盘 (a league night has several)
    session_id: int | None = None
    table: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The sentence and its diff on one line: "recorder 更正了第 3 盘：鸟 9→6"."""
        if not self.changes:
            return self.sentence
        parts = [_change_text(c) for c in self.changes]
        return self.sentence + colon() + clause_sep().join(parts)


def _change_text(c: Change) -> str:
    if c.before and c.after:
        return f"{c.label} {c.before}→{c.after}"
    if c.after:
        return f"{c.label} {c.after}"
    return f"{c.label} {c.before}→∅"


# ---------------------------------------------------------------- names


USER_KEYS = ("user_id", "created_by_id", "accepted_by_id", "finished_by_id")
HIDDEN = frozenset(
    {
        "id",
        "club_id",
        "created_at",
        "created_by_id",
        "token",
        "token_hash",
        "password",
        "secret",
        "session_id",
        "is_current",
        "version",
        "supersedes_id",
        "recorded_at",
        "recorded_by_id",
        "ruleset_config",
        "result",
        "burned",
        "voided_by_id",
        "voided_at",
        "is_void",
        "void_reason",
        "finished_by_id",
        "finished_at",
        "is_paper",
        "accepted_at",
        "number",
    }
)


class _Names:
    """Every name a page of entries refers to, read in one query per kind."""

    def __init__(self, entries: Sequence[AuditEntry]) -> None:
        users: set[int] = set()
        players: set[int] = set()
        seasons: set[int] = set()
        rulesets: set[int] = set()
        sessions: set[int] = set()
        for e in entries:
            for snap in (e.before or {}, e.after or {}):
                users.update(v for k in USER_KEYS if isinstance(v := snap.get(k), int))
                if isinstance(v := snap.get("player_id"), int):
                    players.add(v)
                if isinstance(v := snap.get("season_id"), int):
                    seasons.add(v)
                if isinstance(v := snap.get("ruleset_id"), int):
                    rulesets.add(v)
                if isinstance(v := snap.get("session_id"), int):
                    sessions.add(v)
            if e.object_type == "scoring.session" and e.object_id.isdigit():
                sessions.add(int(e.object_id))
        user_model = get_user_model()
        self.users = {
            u.pk: u.get_username() for u in user_model._default_manager.filter(pk__in=users)
        }
        self.players = dict(Player.objects.filter(pk__in=players).values_list("pk", "display_name"))
        self.seasons = dict(Season.objects.filter(pk__in=seasons).values_list("pk", "name"))
        self.rulesets = dict(Ruleset.objects.filter(pk__in=rulesets).values_list("pk", "name"))
        self.seats: dict[int, list[str]] = {}
        if sessions and SEAT_NAMES:  # the app that owns sessions says who sat where
            self.seats = SEAT_NAMES[0](sessions)

    def user(self, pk: Any) -> str:
        return self.users.get(pk, "—") if pk is not None else "∅"


# ---------------------------------------------------------------- values


def _label(key: str) -> str:
    labels = {
        "name": pgettext("audit", "名称"),
        "slug": pgettext("audit", "网址名"),
        "description": pgettext("audit", "简介"),
        "is_public": pgettext("audit", "公开"),
        "role": pgettext("audit", "角色"),
        "user_id": pgettext("audit", "用户"),
        "accepted_by_id": pgettext("audit", "接受人"),
        "display_name": pgettext("audit", "名字"),
        "aliases": pgettext("audit", "别名"),
        "player_id": pgettext("audit", "选手"),
        "config": pgettext("audit", "规则"),
        "start_date": pgettext("audit", "开始日期"),
        "end_date": pgettext("audit", "结束日期"),
        "ruleset_id": pgettext("audit", "规则"),
        "season_id": pgettext("audit", "赛季"),
        "is_closed": pgettext("audit", "已结束"),
        "started_at": pgettext("audit", "开始时间"),
        "table_label": pgettext("audit", "桌号"),
        "first_dealer": pgettext("audit", "首庄"),
        "players": pgettext("audit", "选手"),
        "paper_nets": pgettext("audit", "得分"),
        "sessions": pgettext("audit", "场数"),
        "rounds": pgettext("audit", "盘数"),
        "lines": pgettext("audit", "文件行"),
        "session_ids": pgettext("audit", "场次编号"),
    }
    return labels.get(key, "")


def _when(value: str) -> str:
    moment = parse_datetime(value)
    if moment is not None:
        if timezone.is_aware(moment):
            moment = timezone.localtime(moment)
        return formats.date_format(moment, "Y-m-d H:i")
    day = parse_date(value)
    return formats.date_format(day, "Y-m-d") if isinstance(day, datetime.date) else value


def _plain(value: Any) -> str:
    if value is None or value == "" or value == []:
        return ""
    if value is True:
        return pgettext("audit", "是")
    if value is False:
        return pgettext("audit", "否")
    if isinstance(value, list):
        return list_sep().join(_plain(v) for v in value)
    if isinstance(value, dict):
        return list_sep().join(f"{k} {_plain(v)}" for k, v in value.items())
    if isinstance(value, str) and value[:2].isdigit() and ("-" in value):
        return _when(value)
    return str(value)


def _value(key: str, value: Any, names: _Names, seats: list[str]) -> str:
    if value is None:
        return ""
    if key in USER_KEYS:
        return names.user(value)
    if key == "player_id":
        return names.players.get(value, "—")
    if key == "season_id":
        return names.seasons.get(value, "—")
    if key == "ruleset_id":
        return names.rulesets.get(value, "—")
    if key == "role":
        return str(Role(value).label) if value in Role.values else str(value)
    if key == "first_dealer" and isinstance(value, int) and 0 <= value < 4:
        return seats[value]
    if key == "paper_nets" and isinstance(value, list):
        return _nets(value, seats)
    if value == MASK:
        return MASK
    return _plain(value)


def _nets(values: Sequence[Any], seats: Sequence[str]) -> str:
    def signed(v: Any) -> str:
        if not isinstance(v, int | float):
            return str(v)
        return "0" if v == 0 else f"{v:+g}".replace("-", "−")

    return list_sep().join(
        f"{seats[i]} {signed(v)}" for i, v in enumerate(values) if i < len(seats)
    )


def _field_changes(
    before: dict[str, Any], after: dict[str, Any], names: _Names, seats: list[str]
) -> list[Change]:
    changes = []
    for key in dict.fromkeys([*before, *after]):
        if key in HIDDEN or key == "data" or before.get(key) == after.get(key):
            continue
        label = _label(key)
        if not label:  # an unnamed field (never a raw key such as "voided_by_id")
            continue
        if key == "config" and isinstance(before.get(key), dict | None):
            changes += _config_changes(label, before.get(key) or {}, after.get(key) or {})
            continue
        old = _value(key, before.get(key), names, seats)
        new = _value(key, after.get(key), names, seats)
        if old != new:
            changes.append(Change(label, old, new))
    return changes


def _config_changes(label: str, before: Any, after: Any) -> list[Change]:
    """A ruleset's change by its options' names and values in words, as the editor shows
    them (规则 扎鸟数 双鸟→四鸟): every option whose value differs, a new ruleset's
    preset and the options it changes from that preset."""
    old_rules = parse_ruleset(before)[0] if before else None
    new_rules = parse_ruleset(after)[0] if isinstance(after, dict) else None
    if new_rules is None or (before and old_rules is None):  # not a ruleset: as stored
        return [Change(label, _plain(before), _plain(after))]
    english = page_is_english()
    new = new_rules.to_dict()
    old = old_rules.to_dict() if old_rules else None
    changes = []
    if old is None or old["preset"] != new["preset"]:
        preset = PRESET_INFO[new["preset"]]
        was = PRESET_INFO[old["preset"]] if old else None
        changes.append(
            Change(
                f"{label} {pgettext('audit', '预设')}",
                (was.name_en if english else was.name_zh) if was else "",
                preset.name_en if english else preset.name_zh,
            )
        )
    base = old if old is not None else PRESETS[new["preset"]].to_dict()
    for key, info in PARAMETER_INFO.items():
        if base[key] != new[key]:
            changes.append(
                Change(
                    f"{label} {info.name_en if english else info.name_zh}",
                    value_words(key, base[key]) if old is not None else "",
                    value_words(key, new[key]),
                )
            )
    return changes


# ---------------------------------------------------------------- rounds


SUIT_ZH = {"m": "万", "s": "条", "p": "筒"}


def tile_label(tile: str) -> str:
    """ "7m" -> "7万" (the notation under English)."""
    if len(tile) == 2 and tile[1] in SUIT_ZH and not page_is_english():
        return tile[0] + SUIT_ZH[tile[1]]
    return tile


def hand_label(code: str) -> str:
    """A hand type's name in the page's language (an English page is English only)."""
    ht = HAND_TYPES.get(code)
    if ht is None:
        return code
    return ht.name_en if page_is_english() else ht.name_zh


def _word(word: ValueLabel | None) -> str:
    """A word of the engine's catalogue in the reader's language (empty for none)."""
    return "" if word is None else in_page_language(word)


def _round_facts(data: dict[str, Any] | None, result: Any, seats: list[str]) -> dict[str, str]:
    """A round's input (and its scores) as labelled readable values."""
    if not data:
        return {}

    def who(seat: Any) -> str:
        return seats[seat] if isinstance(seat, int) and 0 <= seat < 4 else ""

    def wins(items: Any) -> str:
        return clause_sep().join(
            " ".join(
                [who(w.get("seat")), list_sep().join(hand_label(c) for c in w.get("hands") or [])]
            )
            for w in items or []
        )

    final = data.get("result") or {}
    birds = final.get("birds") or []
    bird_text = list_sep().join(str(b) for b in birds)
    if final.get("birds_forfeited"):
        bird_text = pgettext("audit", "忘记扎鸟")
    facts = {
        pgettext("audit", "庄家"): who(data.get("dealer")),
        pgettext("audit", "结果"): _word(OUTCOMES.get(final.get("kind") or "")),
        pgettext("audit", "胡牌"): wins(final.get("winners")),
        pgettext("audit", "放炮"): who(final.get("discarder")),
        pgettext("audit", "鸟"): bird_text,
        pgettext("audit", "海底"): tile_label((final.get("haidi") or {}).get("tile") or ""),
        in_page_language(HAND_CLASSES["opening"]): wins(data.get("openings")),
        pgettext("audit", "中途"): wins(data.get("midgame")),
        pgettext("audit", "逃跑"): list_sep().join(
            who(p.get("seat")) for p in data.get("penalties") or []
        ),
        pgettext("audit", "钓鱼"): _plain([f for f in data.get("fish") or [] if f])
        and _nets(data.get("fish") or [], seats),
        pgettext("audit", "飘分"): _nets(data.get("piao") or [], seats),
    }
    return facts


def _score_change(before: Any, after: Any, seats: list[str]) -> Change | None:
    """The scores of the players whose score changed (every seat for a new round)."""
    old = list((before or {}).get("net") or [])
    new = list((after or {}).get("net") or [])
    if old == new:
        return None
    seated = range(max(len(old), len(new)))
    changed = [i for i in seated if old[i : i + 1] != new[i : i + 1]] if old else seated

    def pick(nets: list[Any]) -> str:
        return list_sep().join(
            _nets(nets[i : i + 1], seats[i : i + 1]) for i in changed if i < len(nets)
        )

    return Change(pgettext("audit", "得分"), pick(old), pick(new))


def _round_changes(
    before: dict[str, Any] | None, after: dict[str, Any] | None, seats: list[str]
) -> list[Change]:
    old = _round_facts((before or {}).get("data"), (before or {}).get("result"), seats)
    new = _round_facts((after or {}).get("data"), (after or {}).get("result"), seats)
    changes = [
        Change(label, old.get(label, ""), new.get(label, ""))
        for label in dict.fromkeys([*old, *new])
        if old.get(label, "") != new.get(label, "")
    ]
    scores = _score_change((before or {}).get("result"), (after or {}).get("result"), seats)
    return changes + ([scores] if scores else [])


# ---------------------------------------------------------------- sentences


def _sentence(entry: AuditEntry, names: _Names, seats: list[str]) -> str:
    snap = entry.after or entry.before or {}
    role = snap.get("role")
    values = {
        "actor": entry.actor_name or pgettext("audit", "系统"),
        "obj": entry.object_repr,
        "n": snap.get("number", "?"),
        "role": str(Role(role).label) if role in Role.values else "",
        "user": names.user(snap.get("user_id") or snap.get("accepted_by_id")),
        "players": list_sep().join(snap.get("players") or seats),
        "sessions": snap.get("sessions", 0),
        "rounds": snap.get("rounds", 0),
        "reason": snap.get("void_reason", ""),
        "merged": snap.get("merged_guest", ""),
    }
    if entry.action == "round.void" and (values["reason"] or "").strip() in ("撤销", "撤销 Undo"):
        template = pgettext("audit", "%(actor)s 撤销了第 %(n)s 盘")
    elif entry.action == "round.void":
        reasons = {
            "记错了": pgettext("audit", "记错了"),
            "重复": pgettext("audit", "重复"),
            "未说明": pgettext("audit", "未说明"),
        }
        values["reason"] = reasons.get(values["reason"], values["reason"])
        template = pgettext("audit", "%(actor)s 作废了第 %(n)s 盘（原因：%(reason)s）")
    else:
        template = _templates().get(entry.action, "")
    if not template:
        return pgettext("audit", "%(actor)s：%(action)s %(obj)s") % {
            **values,
            "action": entry.action,
        }
    return template % values


def _templates() -> dict[str, str]:
    return {
        "club.create": pgettext("audit", "%(actor)s 创建了俱乐部 %(obj)s"),
        "club.update": pgettext("audit", "%(actor)s 修改了俱乐部 %(obj)s"),
        "membership.set": pgettext("audit", "%(actor)s 把 %(user)s 设为%(role)s"),
        "membership.remove": pgettext("audit", "%(actor)s 把 %(user)s 移出了俱乐部"),
        "invitation.create": pgettext("audit", "%(actor)s 创建了一个%(role)s邀请"),
        "invitation.accept": pgettext("audit", "%(user)s 接受了邀请，成为%(role)s"),
        "invitation.revoke": pgettext("audit", "%(actor)s 撤回了一个%(role)s邀请"),
        "player.create": pgettext("audit", "%(actor)s 添加了选手 %(obj)s"),
        "player.update": pgettext("audit", "%(actor)s 修改了选手 %(obj)s"),
        "player.link": pgettext("audit", "%(actor)s 把选手 %(obj)s 关联到账户 %(user)s"),
        "player.unlink": pgettext("audit", "%(actor)s 解除了选手 %(obj)s 的账户关联"),
        "player.claim": pgettext("audit", "%(actor)s 扫码认领了选手 %(obj)s"),
        "player.link_request": pgettext("audit", "%(actor)s 申请认领选手 %(obj)s"),
        "player.link_reject": pgettext("audit", "%(actor)s 拒绝了认领选手 %(obj)s 的申请"),
        "player.anonymise": pgettext("audit", "选手的账户已注销，名字改为 %(obj)s"),
        "player.merge": pgettext("audit", "%(actor)s 把 %(merged)s 合并到选手 %(obj)s"),
        "player.delete": pgettext("audit", "%(actor)s 删除了选手 %(obj)s（没有记录）"),
        "ruleset.create": pgettext("audit", "%(actor)s 添加了规则 %(obj)s"),
        "ruleset.update": pgettext("audit", "%(actor)s 修改了规则 %(obj)s"),
        "season.create": pgettext("audit", "%(actor)s 创建了赛季 %(obj)s"),
        "season.update": pgettext("audit", "%(actor)s 修改了赛季 %(obj)s"),
        "season.close": pgettext("audit", "%(actor)s 结束了赛季 %(obj)s"),
        "season.reopen": pgettext("audit", "%(actor)s 重开了赛季 %(obj)s"),
        "session.start": pgettext("audit", "%(actor)s 开始了一场：%(players)s"),
        "session.update": pgettext("audit", "%(actor)s 修改了一场：%(players)s"),
        "session.finish": pgettext("audit", "%(actor)s 结束了一场：%(players)s"),
        "session.reopen": pgettext("audit", "%(actor)s 重开了一场：%(players)s"),
        "session.paper": pgettext("audit", "%(actor)s 录入了一场纸面记录：%(players)s"),
        "session.import": pgettext("audit", "%(actor)s 导入了 %(sessions)s 场 %(rounds)s 盘"),
        "session.delete": pgettext("audit", "%(actor)s 删除了一场（没有记录）：%(players)s"),
        "session.follow_link": pgettext("audit", "%(actor)s 换了一场的跟看链接：%(players)s"),
        "session.follow_on": pgettext("audit", "%(actor)s 开启了一场的跟看链接：%(players)s"),
        "session.follow_off": pgettext("audit", "%(actor)s 关闭了一场的跟看链接：%(players)s"),
        "session.table_fee": pgettext("audit", "%(actor)s 定了一场的台费：%(players)s"),
        "round.record": pgettext("audit", "%(actor)s 记录了第 %(n)s 盘"),
        "event.create": pgettext("audit", "%(actor)s 创建了比赛之夜 %(obj)s"),
        "event.finish": pgettext("audit", "%(actor)s 结束了比赛之夜 %(obj)s"),
        "entrant.add": pgettext("audit", "%(actor)s 添加了一名参赛者"),
        "entrant.drop": pgettext("audit", "%(actor)s 让一名参赛者退出"),
        "entrant.return": pgettext("audit", "%(actor)s 让一名退出的参赛者回来"),
        "entrant.check_in": pgettext("audit", "%(actor)s 为一名参赛者签到"),
        "entrant.check_out": pgettext("audit", "%(actor)s 取消了一名参赛者的签到"),
        "seating.draw": pgettext("audit", "%(actor)s 为第 %(n)s 轮排座"),
        "seating.swap": pgettext("audit", "%(actor)s 在第 %(n)s 轮换座"),
        "seating.cancel": pgettext("audit", "%(actor)s 取消了第 %(n)s 轮的排座"),
        "seating.timer": pgettext("audit", "%(actor)s 开始了第 %(n)s 轮的计时"),
        "penalty.give": pgettext("audit", "%(actor)s 记录了罚分 %(obj)s"),
        "penalty.cancel": pgettext("audit", "%(actor)s 撤销了罚分 %(obj)s"),
        "round.correct": pgettext("audit", "%(actor)s 更正了第 %(n)s 盘"),
        "webhook.create": pgettext("audit", "%(actor)s 添加了推送地址 %(obj)s"),
        "webhook.delete": pgettext("audit", "%(actor)s 删除了推送地址 %(obj)s"),
    }


def _session_of(entry: AuditEntry) -> int | None:
    snap = entry.after or entry.before or {}
    session_id = snap.get("session_id")
    if isinstance(session_id, int):
        return session_id
    if entry.object_type == "scoring.session" and entry.object_id.isdigit():
        return int(entry.object_id)
    return None


def audit_lines(entries: Iterable[AuditEntry]) -> list[AuditLine]:
    """Each entry as a sentence and its readable diff, in the active language."""
    entries = list(entries)
    names = _Names(entries)
    lines = []
    for entry in entries:
        session = _session_of(entry)
        seats = names.seats.get(session, ["?", "?", "?", "?"]) if session else ["?"] * 4
        before, after = entry.before or {}, entry.after or {}
        if entry.action in (
            "session.import",
            "session.follow_link",
            "session.follow_on",
            "session.follow_off",
            "session.table_fee",
        ):
            changes: list[Change] = []
        elif entry.action.startswith("round."):
            changes = _round_changes(entry.before, entry.after, seats)
            if entry.action == "round.void":
                changes = []
        elif entry.action in ("session.finish", "session.paper", "session.reopen"):
            changes = _field_changes({}, {"paper_nets": after.get("paper_nets")}, names, seats)
        elif entry.action == "session.start":
            changes = _field_changes({}, {**after, "players": None}, names, seats)
        elif entry.action == "session.delete":  # the session is gone: its seats are logged
            seats = before.get("players") or seats
            changes = _field_changes({}, {**before, "players": None}, names, seats)
        else:
            changes = _field_changes(before, after, names, seats)
        line = AuditLine(entry, _sentence(entry, names, seats), changes)
        if session in names.seats:
            line.session_id, line.table = session, names.seats[session]
        lines.append(line)
    return lines
