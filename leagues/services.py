"""Writes for clubs, members, invitations, roster, rulesets and seasons.

Every function is keyword-only, checks the actor's role (PermissionDenied), validates
(django ValidationError keyed by field) and writes atomically.
"""

from __future__ import annotations

import dataclasses
import datetime
import secrets
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import slug_re
from django.db import connection, transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.text import slugify

from csmj_site.bounds import date_range_refusal, date_years_refusal
from csmj_site.errors import Forbidden, ServiceError, ServiceErrors, field_errors, reject
from csmj_site.jsonio import json_parse
from csmj_site.names import name_check_unique, name_clean, name_key, name_refusal
from leagues.audit import audit_record, audit_record_created, audit_snapshot, audit_stored
from leagues.models import (
    CLUB_DESCRIPTION_MAX,
    PLAYER_ALIASES_MAX,
    ROLE_RANK,
    Club,
    FormerSlug,
    Invitation,
    Membership,
    Player,
    Role,
    Ruleset,
    Season,
    SeasonSessionCount,
    ruleset_rules,
)
from leagues.permissions import require_manage, require_manage_role, require_record, role_allows
from leagues.selectors import membership_role
from scoring.engine import ALL_MESSAGES, parse_ruleset

# ---------------------------------------------------------------- clubs

CLUB_FIELDS = ("name", "slug", "description", "is_public", "chip_rate")


def _only(fields: dict[str, Any], allowed: tuple[str, ...], name: str) -> None:
    unknown = set(fields) - set(allowed)
    if unknown:
        raise TypeError(f"{name}() got unknown fields {sorted(unknown)}")


def _save(instance: Any, *, update_fields: Iterable[str] | None = None) -> Any:
    instance.full_clean()
    instance.save(update_fields=list(update_fields) if update_fields is not None else None)
    return instance


def _save_audited(obj: Any, *, actor: Any, club: Club, action: str, before: Any = None) -> None:
    """Save an object and log the write (before/after; no ``before`` for a new one) in
    the club's audit log. A change that changes nothing (a form saved as it was, an
    app's round-trip PUT) writes nothing and logs nothing."""
    if before is not None and audit_snapshot(obj) == before:
        return
    _save(obj)
    audit_record(
        actor=actor, club=club, action=action, obj=obj, before=before, after=audit_snapshot(obj)
    )


def club_slug_clean(*, slug: Any, club: Club | None = None) -> str:
    """A club's short name as stored, refused with the catalogue's words on ``slug``
    (never Django's validator or unique-constraint sentences): letters, digits, hyphens
    and underscores, and no other club's, now or before, capitals aside (``club``: the
    one changing its own, which may take back a slug it held). The services check it; a
    page's form asks it too, to say it beside the form's own refusals of the same post."""
    text = str(slug if slug is not None else "").strip()
    if not slug_re.match(text):  # Django's slug: what the /c/<slug>/ converter takes
        raise reject("slug", "slug_invalid")
    if club is not None and text == club.slug:  # kept as it is (one stored before the
        return text  # capitals rule, beside another club's, stays savable)
    # capitals aside: /c/Yuelu/ and /c/yuelu/ read as one address on a phone
    others = Club.objects.filter(slug__iexact=text)
    held = FormerSlug.objects.filter(slug__iexact=text)
    if club is not None:
        others = others.exclude(pk=club.pk)
        held = held.exclude(club=club)
    if others.exists() or held.exists():
        raise reject("slug", "unique", variant="slug", slug=text)  # the code a client knows
    return text


def _club_description(description: Any, club: Club | None = None) -> str:
    """A club's 简介 as stored (line breaks as ``\n``, as a browser counts them): at most
    ``CLUB_DESCRIPTION_MAX`` characters; one kept as it is stays, even if longer."""
    text = str(description if description is not None else "").replace("\r\n", "\n")
    if club is not None and text == club.description:
        return text
    if len(text) > CLUB_DESCRIPTION_MAX:
        raise reject("description", "max_length", "description", limit=CLUB_DESCRIPTION_MAX)
    return text


def club_create(
    *,
    name: str,
    slug: str,
    description: str = "",
    is_public: bool = False,
    chip_rate: Decimal | None = None,
    owner: Any,
) -> Club:
    """Create a club; ``owner`` becomes its first owner."""
    if owner is None or not owner.is_authenticated:
        raise Forbidden("club_create")
    with transaction.atomic():
        club = Club(
            name=name_clean(name, field="name"),
            slug=club_slug_clean(slug=slug),
            description=_club_description(description),
            is_public=is_public,
            chip_rate=chip_rate,
        )
        _save_audited(club, actor=owner, club=club, action="club.create")
        Membership.objects.create(club=club, user=owner, role=Role.OWNER)
    return club


def club_update(*, club: Club, actor: Any, **fields: Any) -> Club:
    """Change name, slug, description, is_public or chip_rate (organisers and owners). A
    quick table (``is_quick``) stays private."""
    require_manage(actor, club)
    _only(fields, CLUB_FIELDS, "club_update")
    if "name" in fields:
        fields["name"] = name_clean(fields["name"], field="name")
    if "slug" in fields:
        fields["slug"] = club_slug_clean(slug=fields["slug"], club=club)
    if "description" in fields:
        fields["description"] = _club_description(fields["description"], club)
    if club.is_quick and fields.get("is_public"):  # a quick table is never listed
        raise reject("is_public", "quick_table_private")
    before = audit_stored(club)
    old_slug = club.slug
    for name, value in fields.items():
        setattr(club, name, value)
    with transaction.atomic():
        _save_audited(club, actor=actor, club=club, action="club.update", before=before)
        if club.slug != old_slug:  # the old addresses redirect to the new
            FormerSlug.objects.filter(club=club, slug=club.slug).delete()
            FormerSlug.objects.create(club=club, slug=old_slug)
        return club


# ---------------------------------------------------------------- memberships


def _check_role(role: str) -> None:
    if role not in ROLE_RANK:
        raise reject("role", "unknown_role", role=role)


def _may_assign(actor: Any, club: Club, role: str, current: str | None) -> None:
    """Organisers manage every role but owner; only owners grant or take away owner."""
    actor_role = membership_role(club=club, user=actor)
    require_manage_role(actor_role, club)
    if (role == Role.OWNER or current == Role.OWNER) and not role_allows(actor_role, club, "owner"):
        raise Forbidden("owner_grant")


def _keeps_an_owner(club: Club, user: Any) -> None:
    others = Membership.objects.filter(club=club, role=Role.OWNER).exclude(user=user)
    if not others.exists():
        raise reject("role", "last_owner")


def membership_set(*, club: Club, user: Any, role: str, actor: Any) -> Membership:
    """Give ``user`` the role in the club (adding them, or changing their role)."""
    _check_role(role)
    with transaction.atomic():
        current = Membership.objects.select_for_update().filter(club=club, user=user).first()
        _may_assign(actor, club, role, current.role if current else None)
        before = audit_snapshot(current)
        if current is None:
            current = Membership.objects.create(club=club, user=user, role=role)
        else:
            if current.role == Role.OWNER and role != Role.OWNER:
                _keeps_an_owner(club, user)
            current.role = role
            current.save(update_fields=["role"])
        audit_record(
            actor=actor,
            club=club,
            action="membership.set",
            obj=current,
            before=before,
            after=audit_snapshot(current),
        )
        return current


def membership_remove(*, club: Club, user: Any, actor: Any) -> None:
    """Remove a member. Anyone may leave; the last owner may not."""
    with transaction.atomic():
        current = Membership.objects.select_for_update().filter(club=club, user=user).first()
        if current is None:
            return
        if actor is None or actor.pk != user.pk:
            _may_assign(actor, club, current.role, current.role)
        if current.role == Role.OWNER:
            _keeps_an_owner(club, user)
        audit_record(
            actor=actor,
            club=club,
            action="membership.remove",
            obj=current,
            before=audit_snapshot(current),
        )
        current.delete()


# ---------------------------------------------------------------- invitations


def invitation_create(*, club: Club, role: str, actor: Any) -> Invitation:
    """An organiser invites someone to a role (owners alone may invite owners)."""
    _check_role(role)
    _may_assign(actor, club, role, None)
    with transaction.atomic():
        invitation = Invitation.objects.create(club=club, role=role, created_by=actor)
        audit_record(
            actor=actor,
            club=club,
            action="invitation.create",
            obj=invitation,
            after=audit_snapshot(invitation),
        )
        return invitation


def invitation_accept(*, token: str, user: Any) -> Membership:
    """Accept an invitation once. A member keeps a higher role they already hold."""
    if user is None or not user.is_authenticated:
        raise Forbidden("invitation_accept")
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().filter(token=token).first()
        if invitation is None:
            raise reject("token", "no_invitation")
        if invitation.is_accepted:
            raise reject("token", "invitation_used")
        membership, created = Membership.objects.get_or_create(
            club=invitation.club, user=user, defaults={"role": invitation.role}
        )
        if not created and ROLE_RANK[invitation.role] > ROLE_RANK[membership.role]:
            membership.role = invitation.role
            membership.save(update_fields=["role"])
        invitation.accepted_by = user
        invitation.accepted_at = timezone.now()
        invitation.save(update_fields=["accepted_by", "accepted_at"])
        audit_record(
            actor=user,
            club=invitation.club,
            action="invitation.accept",
            obj=membership,
            after=audit_snapshot(membership),
        )
        return membership


def invitation_revoke(*, invitation: Invitation, actor: Any) -> None:
    """Delete an unused invitation."""
    _may_assign(actor, invitation.club, invitation.role, None)
    if invitation.is_accepted:
        raise reject("token", "invitation_used")
    with transaction.atomic():
        audit_record(
            actor=actor,
            club=invitation.club,
            action="invitation.revoke",
            obj=invitation,
            before=audit_snapshot(invitation),
        )
        invitation.delete()


# ---------------------------------------------------------------- players

PLAYER_FIELDS = ("display_name", "aliases", "user")


def player_aliases_clean(aliases: Iterable[str], display_name: str) -> list[str]:
    """The aliases as stored: stripped, without blanks, repeats or the display name; at
    most ``PLAYER_ALIASES_MAX``."""
    if isinstance(aliases, str):
        raise reject("aliases", "aliases")
    out: list[str] = []
    for alias in aliases:
        alias = name_clean(str(alias), field="aliases")
        if alias and alias != display_name and alias not in out:
            out.append(alias)
    if len(out) > PLAYER_ALIASES_MAX:
        raise reject("aliases", "max_length", "aliases", limit=PLAYER_ALIASES_MAX)
    return out


def _roster_words(club: Club, *, player: Player | None) -> tuple[dict[str, str], dict[str, str]]:
    """The words of the club's other players (all but ``player``), by ``name_key``: their
    display names, and their aliases (each to the name of the player holding it)."""
    others = Player.objects.filter(club=club)
    if player is not None:
        others = others.exclude(pk=player.pk)
    rows = list(others.values_list("display_name", "aliases"))
    owner_of_alias = {
        name_key(alias): shown for shown, held in rows for alias in (held or []) if alias
    }
    return {name_key(shown): shown for shown, _held in rows}, owner_of_alias


def _roster_words_check(
    club: Club, *, player: Player | None, name: str | None, aliases: Iterable[str]
) -> None:
    """Refuse a name or alias that would make a typed seat name mean two players: a new
    display ``name`` that is (or looks like) another player's alias, and an alias in
    ``aliases`` that is another player's display name or alias. The seat fields find a
    player by name first, then by a unique alias (``scoring.forms.find_player``), so such
    a word would quietly seat someone else."""
    names, owner_of_alias = _roster_words(club, player=player)
    if name is not None and name_key(name) in owner_of_alias:
        raise reject(
            "display_name", "name_is_an_alias", name=name, other=owner_of_alias[name_key(name)]
        )
    for alias in aliases:
        if name_key(alias) in names:
            raise reject("aliases", "alias_is_a_name", name=alias)
        if name_key(alias) in owner_of_alias:
            raise reject(
                "aliases", "name_is_an_alias", name=alias, other=owner_of_alias[name_key(alias)]
            )


def player_aliases_merged(*, player: Player, words: Iterable[str]) -> list[str]:
    """``player``'s aliases with ``words`` added (the name and aliases of a player merged
    into them, ``scoring.merge``), so that the other name still finds them at the table.
    A word that another player holds as a name or an alias is left out (it would then
    mean two players), as is any past ``PLAYER_ALIASES_MAX``. Not saved."""
    names, owner_of_alias = _roster_words(player.club, player=player)
    out = list(player.aliases or [])
    for word in words:
        alias, error = name_refusal(str(word), field="aliases")
        key = name_key(alias)
        if error or not alias or alias == player.display_name or alias in out:
            continue
        if key in names or key in owner_of_alias or len(out) >= PLAYER_ALIASES_MAX:
            continue
        out.append(alias)
    return out


def _player_name(club: Club, display_name: str, player: Player | None = None) -> str:
    """A player's name as stored (``csmj_site.names``), refused when another of the
    club's players has a name that looks the same (a name kept as it is stays, even
    beside a look-alike stored before this check)."""
    name = name_clean(display_name, field="display_name")
    others = Player.objects.filter(club=club)
    if player is not None:
        if name == player.display_name:
            return name
        others = others.exclude(pk=player.pk)
    names = others.values_list("display_name", flat=True)
    name_check_unique(name, names, field="display_name", taken="roster")
    return name


@dataclasses.dataclass(frozen=True)
class RosterLine:
    """A name of a new roster that cannot be stored: its place among the names (from 1;
    a line may hold several, split at commas and 、), as typed, and why
    (``roster_lines_refused``)."""

    number: int
    typed: str
    error: ValidationError


def roster_lines_refused(*, names: Sequence[str]) -> list[RosterLine]:
    """The names of a roster about to be made (the new-club wizard's players) that
    ``player_create`` would refuse, each with its place among them: a hidden character,
    a name too long, or the look-alike of an earlier name. Checked before anything is
    written, so the step that takes the names says which, not the last step."""
    refused: list[RosterLine] = []
    kept: list[str] = []
    for number, typed in enumerate(names, start=1):
        try:
            name = name_clean(typed, field="display_name")
            name_check_unique(name, kept, field="display_name", taken="roster")
            Player(display_name=name).full_clean(
                exclude=["club"], validate_unique=False, validate_constraints=False
            )
        except ValidationError as exc:
            refused.append(RosterLine(number, typed, exc))
        else:
            kept.append(name)
    return refused


def player_create(
    *,
    club: Club,
    display_name: str,
    aliases: Iterable[str] = (),
    user: Any = None,
    is_guest: bool = False,
    actor: Any,
) -> Player:
    """A roster entry. Organisers create regular players; a recorder may add a guest (客)."""
    if is_guest:
        require_record(actor, club)
    else:
        require_manage(actor, club)
    display_name = _player_name(club, display_name)
    cleaned = player_aliases_clean(aliases, display_name)
    _roster_words_check(club, player=None, name=display_name, aliases=cleaned)
    player = Player(
        club=club,
        display_name=display_name,
        aliases=cleaned,
        user=user,
        is_guest=is_guest,
    )
    with transaction.atomic():
        _save_audited(player, actor=actor, club=club, action="player.create")
        return player


def players_roster_add(
    *, club: Club, players: Iterable[dict[str, Any]], actor: Any, field: str = "players"
) -> list[tuple[str, str]]:
    """``player_create`` for a whole roster at once (a club file's header,
    ``scoring.club_file``): the permission checked once, one INSERT of the players and
    one of their audit entries (one call per player cost 7 ms: 3.5 s of a 500-player
    import). Each of ``players`` is ``{"display_name": ..., "aliases": [...]}``; a name
    already on the roster is skipped.

    A new name is refused on ``field`` as ``player_create`` refuses it: when it looks like
    another player's name, or is the alias of a player already on the roster. An alias
    that would make a typed name mean two players (a name on the roster or in the batch,
    or an alias that another player holds) is left out, as a merge leaves it out
    (``player_aliases_merged``): a file written before that rule may hold such words, and
    its roster still comes in. Returns the ``(name, alias)`` pairs left out."""
    names, owner_of_alias = _roster_words(club, player=None)
    batch: list[tuple[str, Any]] = []
    for p in players:
        name = name_clean(str(p["display_name"]), field=field)
        known = names.get(name_key(name))
        if known == name:
            continue
        if known is not None:
            raise reject(field, "name_lookalike", name=name, other=known)
        if name_key(name) in owner_of_alias:
            raise reject(field, "name_is_an_alias", name=name, other=owner_of_alias[name_key(name)])
        names[name_key(name)] = name
        batch.append((name, p.get("aliases") or ()))
    new: list[Player] = []
    left_out: list[tuple[str, str]] = []
    for name, aliases in batch:
        kept: list[str] = []
        for alias in player_aliases_clean(aliases, name):
            key = name_key(alias)
            if key == name_key(name):  # their own name in another case or width: kept
                kept.append(alias)
                continue
            if key in names or owner_of_alias.get(key, name) != name:
                left_out.append((name, alias))
                continue
            owner_of_alias[key] = name
            kept.append(alias)
        player = Player(club=club, display_name=name, aliases=kept)
        # Not the club (one query per player: it is the one just loaded or created).
        player.full_clean(exclude=["club"], validate_unique=False, validate_constraints=False)
        new.append(player)
    if new:
        require_manage(actor, club)
        Player.objects.bulk_create(new)
        audit_record_created(actor=actor, club=club, action="player.create", objs=new)
    return left_out


def player_update(*, player: Player, actor: Any, **fields: Any) -> Player:
    """Change display_name, aliases or the linked user (None unlinks)."""
    require_manage(actor, player.club)
    _only(fields, PLAYER_FIELDS, "player_update")
    before = audit_stored(player)
    old_name, old_aliases = player.display_name, list(player.aliases or [])
    if "display_name" in fields:
        player.display_name = _player_name(player.club, fields["display_name"], player)
    if "user" in fields:
        user = fields["user"]
        other = (
            Player.objects.filter(club_id=player.club_id, user=user).exclude(pk=player.pk).first()
            if user is not None
            else None
        )
        if other is not None:  # an account has one entry per club (leagues.player_links)
            raise reject("user", "user_linked_in_club", name=other.display_name)
        player.user = user
    aliases = fields.get("aliases", player.aliases)
    player.aliases = player_aliases_clean(aliases, player.display_name)
    # only what changes is checked: words stored before the check stay as they are
    _roster_words_check(
        player.club,
        player=player,
        name=player.display_name if player.display_name != old_name else None,
        aliases=[a for a in player.aliases if a not in old_aliases],
    )
    with transaction.atomic():
        _save_audited(player, actor=actor, club=player.club, action="player.update", before=before)
        return player


# ---------------------------------------------------------------- rulesets


def ruleset_config_clean(config: dict[str, Any] | str, *, field: str = "config") -> dict[str, Any]:
    """Normalise a ruleset config and validate it with the engine.

    A string is either JSON text or a bare preset code ("changsha-67"). Returns the
    config as stored (``{"preset": ..., overrides}``); raises ValidationError
    {field: [messages naming each key]} when the engine refuses it. ``field``: what the
    caller's input calls the config (a quick table's body says ``ruleset``)."""
    bare: str | None = None  # a bare preset code is checked as given: its refusal names ``field``
    if isinstance(config, str):
        text = config.strip()
        if text.startswith("{"):
            try:
                config = json_parse(text, field=field)
            except ServiceError as exc:
                raise ServiceErrors([exc]) from None
        else:
            bare = text
            config = {"preset": text}
    if not isinstance(config, dict):
        raise reject(field, "ruleset_not_object")
    # Parsed once per config (the form's check, then the save's); errors only when refused.
    if ruleset_rules(config) is not None:
        return config
    rules, errors = parse_ruleset(config if bare is None else bare, field=field)
    if errors:
        raise ServiceErrors(field_errors(errors, ALL_MESSAGES, field=field))
    if rules is None:
        raise reject(field, "invalid_ruleset")
    return config


def _club_unique_name(others: Any, name: str, current: str | None = None) -> str:
    """A season's or ruleset's name as stored (``csmj_site.names``), refused when one of
    ``others`` (the club's seasons or rulesets) has a name that looks the same; the
    ``current`` name kept as it is stays."""
    name = name_clean(name, field="name")
    if name == current:
        return name
    name_check_unique(name, others.values_list("name", flat=True), field="name")
    return name


def ruleset_create(*, club: Club, name: str, config: dict[str, Any] | str, actor: Any) -> Ruleset:
    require_manage(actor, club)
    name = _club_unique_name(Ruleset.objects.filter(club=club), name)
    ruleset = Ruleset(club=club, name=name, config=ruleset_config_clean(config))
    with transaction.atomic():
        _save_audited(ruleset, actor=actor, club=club, action="ruleset.create")
        return ruleset


def ruleset_update(
    *,
    ruleset: Ruleset,
    actor: Any,
    name: str | None = None,
    config: dict[str, Any] | str | None = None,
) -> Ruleset:
    """Rename or change a ruleset. Rounds already recorded keep the rules they were
    scored under (Round.ruleset_config); only later rounds see the change."""
    require_manage(actor, ruleset.club)
    before = audit_stored(ruleset)
    if name is not None:
        others = Ruleset.objects.filter(club=ruleset.club).exclude(pk=ruleset.pk)
        ruleset.name = _club_unique_name(others, name, ruleset.name)
    if config is not None:
        ruleset.config = ruleset_config_clean(config)
    with transaction.atomic():
        _save_audited(
            ruleset, actor=actor, club=ruleset.club, action="ruleset.update", before=before
        )
        return ruleset


# ---------------------------------------------------------------- seasons


def _check_ruleset(club: Club, ruleset: Ruleset) -> None:
    if ruleset.club_id != club.pk:
        raise reject("ruleset", "ruleset_other_club")


def season_create(
    *,
    club: Club,
    name: str,
    start_date: datetime.date,
    end_date: datetime.date | None = None,
    ruleset: Ruleset,
    actor: Any,
) -> Season:
    require_manage(actor, club)
    _check_ruleset(club, ruleset)
    name = _club_unique_name(Season.objects.filter(club=club), name)
    _season_dates_check(start_date, end_date)
    season = Season(club=club, name=name, start_date=start_date, end_date=end_date, ruleset=ruleset)
    with transaction.atomic():
        _save_audited(season, actor=actor, club=club, action="season.create")
        return season


SEASON_FIELDS = ("name", "start_date", "end_date", "ruleset")


def _season_dates_check(
    start: datetime.date | None, end: datetime.date | None, *, field: str = "end_date"
) -> None:
    """A season's dates fall in the site's years (``YEARS``: a typed 0001 or 9999 is a
    slip) and it ends on or after its start: refused on ``field`` (the date the change
    sent: ``end_date``, or ``start_date`` moved past the end), on the page and in the API
    alike, before the database's constraint would say it in its own words."""
    errors = [
        e
        for e in (
            date_years_refusal(field="start_date", value=start),
            date_years_refusal(field="end_date", value=end),
        )
        if e is not None
    ]
    if errors:
        raise ServiceErrors(errors)
    error = date_range_refusal(start=start, end=end, field=field)
    if error is not None:
        raise ServiceErrors([error])


def season_update(*, season: Season, actor: Any, **fields: Any) -> Season:
    """Change name, dates or ruleset. Recorded rounds keep their own ruleset copy."""
    require_manage(actor, season.club)
    _only(fields, SEASON_FIELDS, "season_update")
    if "ruleset" in fields:
        _check_ruleset(season.club, fields["ruleset"])
    if "name" in fields:
        others = Season.objects.filter(club=season.club).exclude(pk=season.pk)
        fields["name"] = _club_unique_name(others, fields["name"], season.name)
    start = fields.get("start_date", season.start_date)
    end = fields.get("end_date", season.end_date)
    _season_dates_check(start, end, field="end_date" if "end_date" in fields else "start_date")
    if "start_date" in fields or "end_date" in fields:
        _season_nights_check(season, start, end)
    before = audit_stored(season)
    for name, value in fields.items():
        setattr(season, name, value)
    with transaction.atomic():
        _save_audited(season, actor=actor, club=season.club, action="season.update", before=before)
        return season


def _season_nights_check(season: Season, start: datetime.date, end: datetime.date | None) -> None:
    """New dates of a season still hold its league nights (a night is dated within its
    season, ``scoring.events.services.event_date_refusal``): a night left before the new
    start is refused on ``start_date``, one after the new end on ``end_date``."""
    nights = season.events.order_by("date", "id")
    early = nights.filter(date__lt=start).first()
    late = nights.filter(date__gt=end).last() if end is not None else None
    errors = [
        ServiceError(
            field, "season_dates_leave_night", {"name": n.name, "date": n.date.isoformat()}
        )
        for field, n in (("start_date", early), ("end_date", late))
        if n is not None
    ]
    if errors:
        raise ServiceErrors(errors)


def season_sessions_add(*, counts: dict[int, int]) -> None:
    """Add to seasons' session counts (``SeasonSessionCount``): season id -> sessions
    started or imported (negative: deleted). One upsert a season, in the
    caller's transaction; it locks the season's count row until the commit."""
    table = SeasonSessionCount._meta.db_table
    with connection.cursor() as cur:
        for season_id, n in sorted(counts.items()):
            if n:
                cur.execute(
                    f"INSERT INTO {table} (season_id, sessions) VALUES (%s, %s) "  # noqa: S608
                    f"ON CONFLICT (season_id) DO UPDATE SET sessions = {table}.sessions + %s",
                    [season_id, max(n, 0), n],
                )


def season_sessions_recount(*, seasons: Any) -> None:
    """Count the sessions of ``seasons`` (a Season queryset) again from the sessions
    themselves (``rebuild_standings`` repairs the kept counts with it)."""
    counted = dict(seasons.annotate(n=Count("sessions")).values_list("pk", "n").order_by())
    SeasonSessionCount.objects.filter(season_id__in=list(counted)).delete()
    SeasonSessionCount.objects.bulk_create(
        SeasonSessionCount(season_id=pk, sessions=n) for pk, n in counted.items() if n
    )


def season_close(*, season: Season, actor: Any) -> Season:
    """Close a season: it takes no more sessions or rounds, and its rounds are final."""
    return _season_set_closed(season=season, actor=actor, closed=True)


def season_reopen(*, season: Season, actor: Any) -> Season:
    return _season_set_closed(season=season, actor=actor, closed=False)


def _season_set_closed(*, season: Season, actor: Any, closed: bool) -> Season:
    require_manage(actor, season.club)
    before = audit_stored(season)
    season.is_closed = closed
    with transaction.atomic():
        season.save(update_fields=["is_closed"])
        audit_record(
            actor=actor,
            club=season.club,
            action="season.close" if closed else "season.reopen",
            obj=season,
            before=before,
            after=audit_snapshot(season),
        )
    return season


# ---------------------------------------------------------------- a club in one go


@dataclasses.dataclass(frozen=True)
class ClubSetup:
    club: Club
    season: Season
    invitation: Invitation


def _free_slug(name: str) -> str:
    """A free slug for a new club: the name's ASCII letters, else "club", plus a short random
    tail when that is taken (Chinese names have no ASCII letters)."""
    base = slugify(name)[:40].strip("-")
    taken = (
        Club.objects.filter(slug__iexact=base).exists()
        or FormerSlug.objects.filter(slug__iexact=base).exists()
    )
    if base and not taken:
        return base
    return f"{base or 'club'}-{secrets.token_hex(3)}"


def club_setup(
    *,
    owner: Any,
    name: str,
    is_public: bool,
    ruleset_name: str,
    ruleset_config: dict[str, Any],
    player_names: Iterable[str],
    season_name: str,
    start_date: datetime.date,
) -> ClubSetup:
    """The new-club wizard's write: a club, its rules, its roster, a first season and an
    invitation for recorders, all or nothing, through the functions above. A refused
    player is named: ValidationError {"players": "<name>: <why>"}."""
    with transaction.atomic():
        club = club_create(name=name, slug=_free_slug(name), is_public=is_public, owner=owner)
        ruleset = ruleset_create(club=club, name=ruleset_name, config=ruleset_config, actor=owner)
        for player_name in player_names:
            try:
                player_create(club=club, display_name=player_name, actor=owner)
            except ValidationError as exc:
                raise ValidationError(
                    {"players": f"{player_name}: {' '.join(exc.messages)}"}
                ) from exc
        season = season_create(
            club=club, name=season_name, start_date=start_date, ruleset=ruleset, actor=owner
        )
        invitation = invitation_create(club=club, role=Role.RECORDER, actor=owner)
    return ClubSetup(club=club, season=season, invitation=invitation)
