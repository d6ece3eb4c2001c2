"""The service error: one typed error, ``(field, code, params)``, and its messages.

A ``ServiceError`` names the offending input (``field``: a dotted path, "" for the whole
request), a stable machine ``code`` and the ``params`` its message needs. Its message
comes from a catalogue keyed by code:

- the site's own codes: ``MESSAGES`` here, English templates translated through Django's
  gettext (``locale/zh_Hans``);
- the engine's codes: the engine's own (English, Chinese) templates
  (``scoring.engine.messages``), which ``scoring`` hands over as a ``TemplateCatalogue``.

``message`` is English (what the API answers); ``localised()`` is the active language
(what a page shows). A Chinese message never holds the field's dotted path: the field
is shown next to its input, not inside the sentence.

A service that finds several problems at once raises ``ServiceErrors``, the list form
(it is a Django ``ValidationError`` too, so forms can take it field by field). A write
refused because another writer got there first is a ``ConflictError`` (the API's 409).

This module imports no app of the project, so every layer may raise and catch it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_noop

from csmj_site.language import page_is_english

# code -> English message ({placeholders} are the params, plus {what}: the field's name,
# or "the body" for a request body). gettext_noop marks them for makemessages; the
# Chinese is in locale/zh_Hans (without the field: it sits next to its input).
MESSAGES: dict[str, str] = {
    # the JSON reader (csmj_site.jsonio)
    "malformed_json": gettext_noop("{what} is not valid JSON: {detail}"),
    "duplicate_key": gettext_noop('{what} has the key "{key}" more than once'),
    "too_deep": gettext_noop("{what} is nested more than {limit} levels deep"),
    "too_large": gettext_noop("{what} is larger than {limit} bytes"),
    "invalid_unicode": gettext_noop("{what} holds a lone UTF-16 surrogate"),
    "unsupported_media_type": gettext_noop(
        "the body must be JSON (Content-Type: application/json); the request sent {sent}"
    ),
    "unsupported_media_type:none": gettext_noop(
        "the body must be JSON (Content-Type: application/json); the request sent no Content-Type"
    ),
    # rounds (a key "code:variant" is one more message of the same code)
    "not_an_object": gettext_noop("a round must be a JSON object"),
    "not_an_object:body": gettext_noop("The body must be a JSON object"),
    "ruleset_fixed": gettext_noop(
        "a recorded round is scored under its season's ruleset; do not send one"
    ),
    "round_conflict": gettext_noop(
        "round {number} cannot be recorded: the next round is {expected}"
    ),
    "paper_session": gettext_noop("a paper session has final totals only; it takes no rounds"),
    "session_finished": gettext_noop("the session is finished; reopen it to record another round"),
    "not_current": gettext_noop(
        "round {number} version {version} has been corrected; change the current version"
    ),
    "void": gettext_noop("round {number} is void; record a new round"),
    "void:again": gettext_noop("round {number} is already void"),
    "required:void_reason": gettext_noop("a void needs a reason"),
    "nothing_to_undo": gettext_noop("this session has no round to undo"),
    # merging a player into another, deleting one who never played
    "merge_target": gettext_noop("choose a regular player of this club"),
    "merge_night_entrant": gettext_noop(
        "{guest} entered a league night, whose seating names them; a night's entrant is not merged"
    ),
    "merge_shared_session": gettext_noop(
        "{guest} and {target} sat in the same session ({session}); they cannot be merged"
    ),
    "player_has_rounds": gettext_noop("{name} has played; merge them into another player instead"),
    "player_has_rounds:night": gettext_noop(
        "{name} entered a league night, whose seating names them; they stay on the roster"
    ),
    "player_linked:delete": gettext_noop("{name} is linked to an account; unlink it first"),
    # sessions
    "season_closed": gettext_noop("season {name!r} is closed"),
    "season_closed:session": gettext_noop("The season is closed"),
    "table_size_unsupported": gettext_noop(
        "The season's ruleset seats {players} players; a session seats two, three or four"
    ),
    "players": gettext_noop(
        "The season's ruleset seats {players}: a session needs exactly {players} players"
    ),
    "players:table": gettext_noop("The ruleset seats {players}: a table needs {players} names"),
    "players:twice": gettext_noop("A player can sit only once"),
    "players:seated": gettext_noop("{name} already sits at this table"),
    "players:other_club": gettext_noop("Every player must be on the club's roster"),
    "first_dealer": gettext_noop("The first dealer must be a seat 0–{last}"),
    "table_size_changed": gettext_noop(
        "This session seats {seats}; the season's ruleset now plays {players}: "
        "start a new session to play under it"
    ),
    "required:started_at": gettext_noop("A start time is required"),
    "paper_reopen": gettext_noop("A paper session cannot be reopened"),
    "session_has_rounds": gettext_noop(
        "This session has {rounds} recorded round(s), void ones included; "
        "only a session without rounds can be deleted"
    ),
    "paper_delete": gettext_noop("A paper session cannot be deleted"),
    "session_in_night": gettext_noop(
        "This session is a table of the league night {name!r}; it cannot be deleted"
    ),
    "nets": gettext_noop("Nets must be whole numbers"),
    "nets:count": gettext_noop("A paper session of this season needs {players} nets"),
    "nets:range": gettext_noop("A net is out of range (±{limit})"),
    "nets:sum": gettext_noop("The nets must sum to zero (now {sum:+d})"),
    # clubs, invitations, rosters, rulesets, tokens
    "unknown_role": gettext_noop("Unknown role {role!r}"),
    "last_owner": gettext_noop("A club needs at least one owner"),
    "no_invitation": gettext_noop("No such invitation"),
    "invitation_used": gettext_noop("This invitation was already used"),
    "aliases": gettext_noop("Aliases must be a list"),
    "ruleset_not_object": gettext_noop("A ruleset must be a JSON object"),
    "invalid_ruleset": gettext_noop("Invalid ruleset"),
    "ruleset_other_club": gettext_noop("The ruleset belongs to another club"),
    "ruleset_not_season": gettext_noop(
        "A league night plays its season's ruleset ({name!r}); choose that one"
    ),
    # linking roster entries to accounts (leagues.player_links)
    "player_linked": gettext_noop("{name} is already linked to an account"),
    "player_not_linked": gettext_noop("{name} is not linked to an account"),
    "user_linked_in_club": gettext_noop("This account is already linked to {name} in this club"),
    "claim_invalid": gettext_noop("This claim link is not valid"),
    "claim_expired": gettext_noop("This claim link has expired or was replaced; ask for a new one"),
    "merge_both_linked": gettext_noop(
        "{guest} and this player are linked to different accounts; unlink one first"
    ),
    "account_last_owner": gettext_noop(
        "You are the only owner of {club}; make someone else an owner first"
    ),
    "link_request_twice": gettext_noop("You have already asked to be {name}"),
    "permission_denied:unlink": gettext_noop("Only the linked account or an organiser can unlink"),
    "permission_denied:claim": gettext_noop("Log in to claim a player"),
    "required:token_name": gettext_noop("A name is required"),
    "max_length:token_name": gettext_noop("At most {limit} characters"),
    "max_length:description": gettext_noop("A description has at most {limit} characters"),
    "max_length:aliases": gettext_noop("A player has at most {limit} aliases"),
    # refusals for want of a role or a login (Forbidden: 403, the API's permission_denied)
    "permission_denied:read": gettext_noop("This club is private"),
    "permission_denied:record": gettext_noop("Recording needs the recorder role"),
    "permission_denied:manage": gettext_noop("This needs the organiser role"),
    "permission_denied:owner": gettext_noop("This needs the owner role"),
    "permission_denied:owner_grant": gettext_noop("Only an owner can change owners"),
    "permission_denied:club_create": gettext_noop("Log in to create a club"),
    "permission_denied:invitation_accept": gettext_noop("Log in to accept an invitation"),
    "permission_denied:token_create": gettext_noop("Log in to create a token"),
    "permission_denied:token_revoke": gettext_noop("You can revoke only your own tokens"),
    "permission_denied:import": gettext_noop("No recorder role in the club {club!r}"),
    "not_authenticated": gettext_noop("Please log in first."),
    # the pages' JSON helpers (the round form's and the calculator's)
    "not_found": gettext_noop("Not found."),
    "ambiguous:entrant": gettext_noop("Give player or guest_name, not both"),
    "length_required": gettext_noop(
        "{what} was sent in chunks without a Content-Length; send its length"
    ),
    "too_many_errors": gettext_noop("{count} more errors were left out of this list"),
    "not_found:slash": gettext_noop(
        "Not found: the API's paths end with a slash; send {method} to {path}"
    ),
    "service_unavailable": gettext_noop(
        "the database is unavailable; nothing was saved, try again shortly"
    ),
    "locked_out": gettext_noop("too many failed logins; try again in {minutes} minutes"),
    "throttled:calc": gettext_noop("Too many calculations: wait a moment and try again."),
    "required:tiles": gettext_noop("The tiles are required, as text such as 123m456s"),
    # league nights (scoring.events)
    "required:event_name": gettext_noop("An event needs a name"),
    "event_finished": gettext_noop("The event {name!r} is finished"),
    "event_unfinished": gettext_noop("{count} table(s) have not finished; finish them first"),
    "entrant_twice": gettext_noop("{name} is already an entrant"),
    "not_an_entrant": gettext_noop("{name} is not an entrant of this event"),
    "event_other_season": gettext_noop("The event {name!r} belongs to another season"),
    "event_outside_season": gettext_noop(
        "{date} is outside the season, which runs from {start} to {end}"
    ),
    "season_dates_leave_night": gettext_noop(
        "The league night {name!r} on {date} would fall outside the season"
    ),
    "event_outside_season:open_ended": gettext_noop(
        "{date} is before the season, which starts on {start}"
    ),
    "entrant_dropped": gettext_noop("{name} has dropped out of the event"),
    "entrant_not_dropped": gettext_noop("{name} has not dropped out of the event"),
    "seated_twice": gettext_noop("{name} is seated more than once"),
    "too_few_players": gettext_noop("A round needs at least four checked-in players; {count} are"),
    "table_size": gettext_noop("Table {table} has {count} players; a table seats four"),
    "table_size:three": gettext_noop(
        "Table {table} has {count} players; a table seats four, or three with tables of three"
    ),
    "three_unsupported": gettext_noop(
        "This ruleset's rules do not hold at a table of three (players: 3); "
        "sit the remainder out instead"
    ),
    "round_started": gettext_noop(
        "Round {number} has a table that started; it cannot be drawn again (swap by hand)"
    ),
    "round_not_latest": gettext_noop("Only the latest round ({number}) can be drawn again"),
    "round_not_latest:cancel": gettext_noop("Only the latest round ({number}) can be cancelled"),
    "round_started:cancel": gettext_noop(
        "Round {number} has a table that started; it cannot be cancelled"
    ),
    "round_unknown": gettext_noop("This event has no round {number}"),
    "table_unknown": gettext_noop("Round {round} of this event has no table {number}"),
    "table_started": gettext_noop("Table {table} has started; its seats cannot change"),
    "table_started:again": gettext_noop("Table {table} has already started"),
    "swap_same": gettext_noop("Choose two different players"),
    "no_timer": gettext_noop("This event has no timer"),
    "timer_running": gettext_noop(
        "Round {number}'s countdown is running; confirm to restart it (restart: true)"
    ),
    "no_final": gettext_noop("This event has no final"),
    "final_players": gettext_noop("The final needs {size} players; {count} have played"),
    "final_drawn": gettext_noop("The final is already drawn"),
    "final_drawn:draw": gettext_noop(
        "The final is drawn and no round follows it; cancel the final to draw again"
    ),
    "required:penalty_reason": gettext_noop("A reason is required"),
    "penalty_cancelled": gettext_noop("This penalty is already cancelled"),
    "penalty_player": gettext_noop("{name} is not a player of this club"),
    # bounds of numbers (csmj_site.bounds) and names (csmj_site.names)
    "out_of_range": gettext_noop("{what} must be a whole number from {low} to {high}"),
    "out_of_range:step": gettext_noop("{what} must be a multiple of {step} from {low} to {high}"),
    "entrants_full": gettext_noop("A league night has at most {limit} entrants"),
    "name_hidden_character": gettext_noop(
        "{what} holds a character that does not show (a control, zero-width or direction character)"
    ),
    "name_lookalike": gettext_noop("{name!r} looks the same as {other!r}, which is already here"),
    "name_taken": gettext_noop("{name!r} is already here"),
    "name_taken:roster": gettext_noop("{name!r} is already on the roster"),
    "slug_invalid": gettext_noop("{what} may hold only letters, digits, hyphens and underscores"),
    "unique:slug": gettext_noop("The address name {slug!r} belongs to another club"),
    "name_is_an_alias": gettext_noop("{name!r} is already an alias of {other!r}"),
    "alias_is_a_name": gettext_noop("{name!r} is the name of another player on the roster"),
    # import files (import_rounds, import_club): one session a line
    "line_not_object": gettext_noop("a line must be a JSON object"),
    "required:season": gettext_noop("a line needs a season (no default season was given)"),
    "unknown_season": gettext_noop("this club has no season {name!r}"),
    "player_names": gettext_noop("players must be a list of display names, one a seat"),
    "player_invalid": gettext_noop("{name!r} cannot be added to the roster: {detail}"),
    "not_on_roster": gettext_noop("{name!r} is not on the roster; only organisers add players"),
    "invalid_datetime": gettext_noop("{what} must be an ISO 8601 date-time"),
    "date_range": gettext_noop("{what} is before the start date, {start}"),
    "date_out_of_range": gettext_noop("{what} must be a date in the years {low} to {high}"),
    "read_only": gettext_noop(
        "{what} cannot be changed here: send it as it was read, or leave it out"
    ),
    "read_only:create": gettext_noop("{what} is set by the site: leave it out of a new one"),
    "rounds_list": gettext_noop("rounds must be a list"),
    # an API field that takes text given a number, true / false, a list or an object
    # (csmj_site.api_fields.StrictCharField; the engine's wrong_type says the same of a round)
    "wrong_type:text": gettext_noop("Must be text, got {value}"),
    # an API field that takes a whole number or an id given a float (2.0 too), true /
    # false or, in a body, text (csmj_site.api_fields.StrictIntegerField and
    # StrictPrimaryKeyRelatedField)
    "wrong_type:integer": gettext_noop("Must be a whole number, got {value}"),
    # an API field that takes true or false given anything else: "yes", 1, "true" in a
    # body (csmj_site.api_fields.StrictBooleanField)
    "wrong_type:boolean": gettext_noop("Must be true or false, got {value}"),
    # the changes feed and webhooks (scoring.sync, scoring.webhooks)
    "invalid_cursor": gettext_noop(
        "this cursor was not handed out by this site; start again without a cursor"
    ),
    "webhook_url": gettext_noop(
        "a webhook's URL must start with {http} or {https} and name a host"
    ),
    "webhook_events": gettext_noop("choose one or more events"),
    # quick tables (快速开桌, docs/quick-tables.md)
    "invalid_table_key": gettext_noop("This table's key is wrong or the table is gone"),
    "seat_claimed": gettext_noop("This seat belongs to someone else, or you hold another seat"),
    "seat_unknown": gettext_noop("No such seat at this table"),
    "sign_in_to_claim": gettext_noop("Sign in to claim your seat"),
    "seat_named": gettext_noop("This seat already has its player's name"),
    "quick_table_private": gettext_noop(
        "A quick table is never public; move it into a club to share its pages"
    ),
    # 结账's table fee
    "fee_choice": gettext_noop("{what} must be one of {choices}"),
    "fee_not_object": gettext_noop("{what} must be a JSON object with fee, per and by"),
}


def error_item(field: str, code: str, message: str) -> dict[str, str]:
    """One error of the one error reply (the only place that spells its shape)."""
    return {"field": field, "code": code, "message": message}


# The most errors one reply lists; the rest are counted in one last item.
MAX_ERRORS = 100


def errors_body(items: Iterable[dict[str, str]], **extra: Any) -> dict[str, Any]:
    """The one error reply: ``{"errors": [error_item, ...], **extra}`` (``extra``: what a
    409 adds beside the errors). At most ``MAX_ERRORS`` are listed; one more item
    (``too_many_errors``) says how many were left out."""
    errors = list(items)
    if len(errors) > MAX_ERRORS:
        left_out = len(errors) - MAX_ERRORS
        errors = errors[:MAX_ERRORS]
        too_many = ServiceError("", "too_many_errors", {"count": left_out})
        errors.append(too_many.as_dict(localised=True))
    return {"errors": errors, **extra}


# A field's dotted path, and what may join it to the sentence, in a rendered template.
_FIELD_MARK = "\x00"
_FIELD_IN_TEXT = re.compile(r"\s*\x00\s*[：:]?\s*")


class SiteCatalogue:
    """The site's codes: ``MESSAGES``, translated through gettext."""

    def __contains__(self, code: object) -> bool:
        return code in MESSAGES

    def english(self, code: str) -> str:
        return MESSAGES[code]

    def localised(self, code: str) -> tuple[str, bool]:
        """The template in the active language, and whether it may name the field."""
        template = gettext(MESSAGES[code])
        return template, template == MESSAGES[code]


class TemplateCatalogue:
    """Codes with their own ``(English, Chinese)`` templates (the engine's catalogue).
    The Chinese is shown with the field's path left out."""

    def __init__(self, templates: Mapping[str, tuple[str, str]]) -> None:
        self.templates = templates

    def __contains__(self, code: object) -> bool:
        return code in self.templates

    def english(self, code: str) -> str:
        return self.templates[code][0]

    def localised(self, code: str) -> tuple[str, bool]:
        if not page_is_english():
            return self.templates[code][1], False
        return self.templates[code][0], True


SITE = SiteCatalogue()
Catalogue = SiteCatalogue | TemplateCatalogue


# A param named "<name>_page" is <name> as a page shows it: an English page numbers a seat
# from 1 (its seat labels), where the API's English keeps the index.
PAGE_SUFFIX = "_page"


class ServiceError(Exception):
    """Refused input: ``field``, ``code`` and the ``params`` of its message.

    ``variant`` picks another message of the same code (catalogue key
    ``"code:variant"``), where one code covers several sentences. ``key`` names the
    key inside the field's own JSON (``bird_count`` of a ruleset's ``config``): the
    input the reader typed, so a translated message still starts with it."""

    catalogue: Catalogue
    field_params: ClassVar[tuple[str, ...]] = ("field", "where", "where_zh")

    def __init__(
        self,
        field: str,
        code: str,
        params: Mapping[str, Any] | None = None,
        *,
        variant: str = "",
        catalogue: Catalogue = SITE,
        english: str | None = None,
        key: str = "",
    ) -> None:
        self.key = f"{code}:{variant}" if variant else code
        if self.key not in catalogue:
            raise KeyError(f"no message for the error code {self.key!r}")
        self.field = field
        self.code = code
        self.params: dict[str, Any] = dict(params or {})
        self.catalogue = catalogue
        self.english = english
        self.key_in_field = key
        super().__init__(self.message)

    # A page's name for the field (its input's label), given by ``named``; None: the
    # field's path, as the API says it.
    label: Any = None

    def _render(self, template: str, *, name_field: bool, page: bool = False) -> str:
        what = "the body" if self.field == "body" else self.field or "the input"
        if self.label is not None:
            what = self.label
        values: dict[str, Any] = {"what": what, **self.params}
        if page:  # a param "<name>_page" is <name> as a page shows it (seat 3, not 2)
            values.update(
                {
                    k.removesuffix(PAGE_SUFFIX): v
                    for k, v in self.params.items()
                    if k.endswith(PAGE_SUFFIX)
                }
            )
        if self.label is not None and "field" in values:  # the engine's templates say {field}
            values["field"] = self.label
        if not name_field:
            values.update(dict.fromkeys(("what", *self.field_params), _FIELD_MARK))
        try:
            text = template.format(**values)
        except (KeyError, IndexError, ValueError):
            return template if name_field else self.message
        return _FIELD_IN_TEXT.sub(" ", text).strip() if not name_field else text

    @property
    def message(self) -> str:
        """The message in English (the API's language)."""
        if self.english is not None:
            return self.english
        return self._render(self.catalogue.english(self.key), name_field=True)

    def localised(self, *, name_key: bool = True) -> str:
        """The message in the active language (for pages); a translation leaves the
        field's path out. ``name_key=False`` leaves the key inside the field out too,
        for a message shown next to that key's own input."""
        template, name_field = self.catalogue.localised(self.key)
        text = self._render(template, name_field=name_field, page=True)
        if self.key_in_field and name_key and not name_field:
            return f"{self.key_in_field}：{text}"
        return text

    @classmethod
    def written(cls, field: str, code: str, message: str) -> ServiceError:
        """An error whose message is already written, in one language (a form field's
        own message, or an engine error that has no template)."""
        catalogue = TemplateCatalogue({code: ("{text}", "{text}")})
        return cls(field, code, {"text": message}, catalogue=catalogue)

    def named(self, label: Any) -> ServiceError:
        """The same error naming its field by ``label`` where the English names it (a
        page's input label, "End date", not ``end_date``); a translation leaves the field
        out either way. For pages: the API's message names the field by its path."""
        return self._with(label=label)

    def at(self, field: str) -> ServiceError:
        """The same error reported under another field: a check of one value that sits
        elsewhere in a bigger input (an import line's ``paper_nets``, the
        ``rounds[2].result.discarder`` of its third round)."""
        return self._with(field=field)

    def _with(self, **changes: Any) -> ServiceError:
        """A copy of this error with ``changes`` to its attributes."""
        moved = type(self).__new__(type(self))
        moved.__dict__.update(self.__dict__, **changes)
        Exception.__init__(moved, moved.message)
        return moved

    def as_dict(self, *, localised: bool = False) -> dict[str, str]:
        """The error as one item of the one error reply: ``{"field", "code", "message"}``,
        the message in English (the API's) or, ``localised``, in the active language
        (a page's JSON)."""
        return error_item(self.field, self.code, self.localised() if localised else self.message)

    def __repr__(self) -> str:
        return f"ServiceError({self.field!r}, {self.code!r}, {self.params!r})"


_lazy_str = lazy(str, str)


class _Localised:
    """A message rendered when it is shown, in the language active then."""

    def __init__(self, error: ServiceError) -> None:
        self.error = error

    def __str__(self) -> str:
        return self.error.localised()


class ServiceErrors(ValidationError):
    """Every problem a service found at once: a list of ``ServiceError``.

    The API answers ``[e.as_dict() for e in errors]`` (English); as a Django
    ValidationError its ``error_dict`` is keyed by field, with each message rendered
    in the language active when it is shown (so a form shows the reader's language).
    """

    def __init__(self, errors: Iterable[ServiceError]) -> None:
        self.errors = list(errors)
        by_field: dict[str, list[ValidationError]] = {}
        for e in self.errors:
            by_field.setdefault(e.field, []).append(
                ValidationError(_lazy_str(_Localised(e)), code=e.code)
            )
        super().__init__(by_field)

    def as_json(self) -> dict[str, list[dict[str, str]]]:
        return error_reply(self, localised=False)

    def localised(self) -> list[dict[str, str]]:
        """The errors with ``message`` in the active language (for pages)."""
        return [e.as_dict(localised=True) for e in self.errors]


class ConflictError(ValidationError):
    """A write refused because the stored state has moved on (another writer got there
    first). The API answers 409, with ``conflict_fields()`` beside the errors."""

    def conflict_fields(self) -> dict[str, Any]:
        return {}


class Forbidden(PermissionDenied):
    """A refusal for want of a role or a login (403): the catalogue's
    ``permission_denied:<variant>`` (or ``code``), its message in the language active
    when it is shown (the 403 page's, a page's JSON, the API's English)."""

    def __init__(self, variant: str = "", *, code: str = "permission_denied", **params: Any):
        self.error = ServiceError("", code, params, variant=variant)
        super().__init__(_lazy_str(_Localised(self.error)))


def error_reply(
    exc: ServiceError | ServiceErrors | Forbidden, *, localised: bool = True, **extra: Any
) -> dict[str, Any]:
    """The one error reply, ``{"errors": [{"field", "code", "message"}, ...], **extra}``:
    what the API answers (English) and what a page's JSON answers (``localised``)."""
    if isinstance(exc, ServiceErrors):
        errors = exc.errors
    else:
        errors = [exc.error if isinstance(exc, Forbidden) else exc]
    return errors_body([e.as_dict(localised=localised) for e in errors], **extra)


# What a page's JSON helper may raise to refuse (``page_error`` answers each), and the
# status of a ServiceError that is not a 400 (as the API answers them).
PAGE_ERRORS = (ServiceError, ServiceErrors, Forbidden, Http404)
STATUS_OF_CODE = {"too_large": 413, "throttled": 429}


def page_error(
    exc: ServiceError | ServiceErrors | Forbidden | Http404,
) -> tuple[dict[str, Any], int]:
    """A refusal raised in a page's JSON helper as the one error reply, in the page's
    language, and its status (the API's for the same error)."""
    if isinstance(exc, ServiceError):
        return error_reply(exc), STATUS_OF_CODE.get(exc.code, 400)
    if isinstance(exc, ServiceErrors):
        return error_reply(exc), 409 if isinstance(exc, ConflictError) else 400
    if isinstance(exc, Forbidden):
        return error_reply(exc), 403
    return error_reply(ServiceError("", "not_found")), 404


def answers_json(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Decorate a page's JSON helper (the round form's and the calculator's preview and
    analysis, the follow poll): what it raises (``page_error``) answers as JSON."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except PAGE_ERRORS as exc:
            body, status = page_error(exc)
            return JsonResponse(body, status=status)

    return wrapper


def reject(field: str, code: str, variant: str = "", **params: Any) -> ServiceErrors:
    """One refusal of the site's catalogue, ready to raise."""
    return ServiceErrors([ServiceError(field, code, params, variant=variant)])


def field_errors(
    errors: Iterable[Any], templates: Mapping[str, tuple[str, str]], *, field: str | None = None
) -> list[ServiceError]:
    """The engine's FieldErrors (``field, code, message, params``) as ServiceErrors whose
    messages come from ``templates``, the engine's ``code -> (English, Chinese)``
    catalogue. The English stays the engine's own message, word for word. ``field``
    reports them all under one field (a ruleset's ``config``); the rest of the engine's
    path is then the key inside that field's JSON."""
    catalogue = TemplateCatalogue(templates)

    def key(path: str) -> str:
        return path.removeprefix(f"{field}.") if field and path != field else ""

    return [
        ServiceError(
            e.field if field is None else field,
            e.code,
            {"field": e.field or "the round", **e.params},
            catalogue=catalogue,
            english=e.message,
            key=key(e.field),
        )
        if e.code in catalogue
        else ServiceError.written(e.field if field is None else field, e.code, e.message)
        for e in errors
    ]
