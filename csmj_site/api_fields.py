"""The API's fields: what a value in a request may be, shared by every serializer.

- ``StrictCharField`` (``StrictSlugField``, ``StrictChoiceField``): a text field takes
  text only. DRF's ``CharField`` stores a JSON number as its digits (``"display_name":
  123`` a player named "123"); these refuse a number, true / false, a list or an object
  with 400 ``wrong_type`` on the field
  (``tests/csmj_site/test_api_text_fields_take_only_text.py`` walks every serializer).
- ``StrictIntegerField`` (``StrictBigIntegerField``) and ``StrictPrimaryKeyRelatedField``:
  a whole number or an id is a JSON integer. DRF's ``PrimaryKeyRelatedField`` looks up
  ``7.9`` as row 7, its ``IntegerField`` takes ``2.0`` and ``"2"``; these refuse a float,
  true / false and, in a body, text with 400 ``wrong_type`` on the field (a query string,
  text by nature, still gives its digits)
  (``tests/csmj_site/test_api_whole_numbers_take_only_integers.py``).
- ``StrictBooleanField``: true or false is JSON's ``true`` / ``false``; DRF's
  ``BooleanField`` also takes ``"yes"``, ``"off"``, ``1`` and ``0``. In a body these are
  refused with 400 ``wrong_type``; a query string still gives DRF's words
  (``tests/csmj_site/test_api_booleans_take_only_true_or_false.py``).
- ``ApiModelSerializer``: a model's serializer whose generated fields are the above.
- ``bounded_integer``: a whole number inside the range its service checks
  (``csmj_site.bounds``); ``BoundedDateTimeField``: a date-time in the site's years.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from django.db import models
from django.http import QueryDict
from rest_framework import exceptions, serializers
from rest_framework.fields import empty

from csmj_site.bounds import ID, YEARS, Bound
from csmj_site.errors import ServiceError

# ---------------------------------------------------------------- text fields

# How long a refused value is shown in its message (as the engine's messages show one).
SHOWN_MAX = 40


def shown_value(value: Any) -> str:
    """A short JSON rendering of a refused value for its message; never raises."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 40:
        return "a very large integer"
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= SHOWN_MAX else text[: SHOWN_MAX - 3] + "..."


def text_only(value: Any) -> None:
    """400 ``wrong_type`` on the field (the catalogue's ``wrong_type:text``) unless
    ``value`` is text: a number, true / false, a list or an object is refused, never
    stored as its digits (DRF's ``CharField`` turns ``123`` into ``"123"``)."""
    if not isinstance(value, str):
        error = ServiceError("", "wrong_type", {"value": shown_value(value)}, variant="text")
        raise exceptions.ValidationError(error.localised(), code=error.code)


class StrictCharField(serializers.CharField):
    """Text, and only text: the API's ``CharField``. Every serializer of the project
    declares a text field with it (``ApiModelSerializer`` for a model's own)."""

    def to_internal_value(self, data: Any) -> str:
        text_only(data)
        return super().to_internal_value(data)


class StrictSlugField(StrictCharField, serializers.SlugField):
    """A slug, given as text (DRF's ``SlugField`` takes ``12345`` as "12345")."""


class StrictChoiceField(serializers.ChoiceField):
    """A choice: among words, text only (DRF's ``ChoiceField`` reads ``258`` as the
    choice "258"); among numbers (``bird_count``), as DRF reads them."""

    def to_internal_value(self, data: Any) -> Any:
        if all(isinstance(key, str) for key in self.choices):
            text_only(data)
        return super().to_internal_value(data)


ModelT = TypeVar("ModelT", bound=models.Model)


# ---------------------------------------------------------------- whole numbers


def from_query_string(field: serializers.Field[Any, Any, Any, Any]) -> bool:
    """``field`` reads a query string (its serializer was given ``request.query_params``,
    a ``QueryDict``: text by nature), not a JSON body (a dict or a list)."""
    return isinstance(getattr(field.root, "initial_data", None), QueryDict)


def whole_number_only(field: serializers.Field[Any, Any, Any, Any], value: Any) -> None:
    """400 ``wrong_type`` on the field (the catalogue's ``wrong_type:integer``) unless
    ``value`` is a whole number: in a JSON body, an integer, and nothing else (a float,
    ``2.0`` included, which DRF took as 2 and an id lookup truncated; true / false; text
    such as ``"2"``; a list or an object). A query string is text: there the field reads
    its digits as DRF does (``?season=2``)."""
    if type(value) is int:  # bool is a subclass of int, not int
        return
    if isinstance(value, str) and from_query_string(field):
        return
    error = ServiceError("", "wrong_type", {"value": shown_value(value)}, variant="integer")
    raise exceptions.ValidationError(error.localised(), code=error.code)


class StrictIntegerField(serializers.IntegerField):
    """A whole number, given as a JSON integer: the API's ``IntegerField``. Every
    serializer of the project declares a whole number with it (``bounded_integer`` for
    one inside a range, ``ApiModelSerializer`` for a model's own)."""

    def to_internal_value(self, data: Any) -> int:
        whole_number_only(self, data)
        return super().to_internal_value(data)


class StrictBigIntegerField(StrictIntegerField, serializers.BigIntegerField):
    """A model's ``BigIntegerField`` (``BigAutoField``: the ids), strict alike."""


class StrictPrimaryKeyRelatedField(serializers.PrimaryKeyRelatedField[ModelT]):
    """A row by its id, given as a JSON integer, checked before the lookup: DRF's
    ``PrimaryKeyRelatedField`` looks ``7.9`` up as 7. Every serializer of the project
    declares an id with it (``ApiModelSerializer`` for a model's foreign keys)."""

    def run_validation(self, data: Any = empty) -> Any:
        # DRF's RelatedField reads "" as null before to_internal_value: in a body it is
        # text, refused as any other (a query string's "" stays DRF's).
        if data == "" and not from_query_string(self):
            whole_number_only(self, data)
        return super().run_validation(data)

    def to_internal_value(self, data: Any) -> ModelT:
        whole_number_only(self, data)
        return super().to_internal_value(data)


# ---------------------------------------------------------------- true or false


def boolean_only(field: serializers.Field[Any, Any, Any, Any], value: Any) -> None:
    """400 ``wrong_type`` on the field (the catalogue's ``wrong_type:boolean``) unless
    ``value`` is true or false: in a JSON body, DRF's ``BooleanField`` takes ``"yes"``,
    ``"off"``, ``1`` and ``0`` as well, which an app's bug would send unnoticed. A query
    string is text: there the field reads DRF's words (``?finished=true``)."""
    if isinstance(value, bool):
        return
    if isinstance(value, str) and from_query_string(field):
        return
    error = ServiceError("", "wrong_type", {"value": shown_value(value)}, variant="boolean")
    raise exceptions.ValidationError(error.localised(), code=error.code)


class StrictBooleanField(serializers.BooleanField):
    """True or false, given as JSON's ``true`` / ``false``: the API's ``BooleanField``.
    Every serializer of the project declares one with it (``ApiModelSerializer`` for a
    model's own)."""

    def to_internal_value(self, data: Any) -> bool:
        boolean_only(self, data)
        return bool(super().to_internal_value(data))


# A model's serializer whose generated fields are strict: a model's ``CharField`` and
# ``TextField`` give a ``StrictCharField``, a ``SlugField`` a ``StrictSlugField``, a
# field with choices a ``StrictChoiceField``, an integer field a ``StrictIntegerField``
# (``StrictBigIntegerField``), a foreign key a ``StrictPrimaryKeyRelatedField``, a
# ``BooleanField`` a ``StrictBooleanField``. (No
# docstring: the schema would show it as every model's description.)
class ApiModelSerializer(serializers.ModelSerializer[ModelT]):
    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        **{
            model_field: StrictBooleanField  # BooleanField and the old NullBooleanField
            for model_field, field in serializers.ModelSerializer.serializer_field_mapping.items()
            if field is serializers.BooleanField
        },
        models.CharField: StrictCharField,
        models.TextField: StrictCharField,
        models.SlugField: StrictSlugField,
        models.AutoField: StrictIntegerField,
        models.BigAutoField: StrictBigIntegerField,
        models.BigIntegerField: StrictBigIntegerField,
        models.IntegerField: StrictIntegerField,
        models.PositiveIntegerField: StrictIntegerField,
        models.PositiveSmallIntegerField: StrictIntegerField,
        models.SmallIntegerField: StrictIntegerField,
    }
    serializer_choice_field = StrictChoiceField
    serializer_related_field = StrictPrimaryKeyRelatedField


# ---------------------------------------------------------------- bounds


MAX_ID = ID.high  # the largest integer SQLite and PostgreSQL bigint store


def bounded_integer(bound: Bound, **kwargs: Any) -> StrictIntegerField:
    """An API field of a whole number inside ``bound``, the range its service checks
    (declared in the schema as the field's minimum and maximum)."""
    return StrictIntegerField(min_value=bound.low, max_value=bound.high, **kwargs)


class BoundedDateTimeField(serializers.DateTimeField):
    """A date-time in the site's years (``csmj_site.bounds.YEARS``, 1970 to 2200):
    outside them, the time zone database's local mean time (e.g. +08:05:43) would not
    even be valid RFC 3339."""

    default_error_messages = {"out_of_range": f"Give a date between {YEARS.low} and {YEARS.high}."}

    def to_internal_value(self, value: Any) -> Any:
        try:
            result = super().to_internal_value(value)
        except exceptions.ValidationError as exc:
            # the year 9999 in a zone east of UTC overflows before it can be compared
            if any(getattr(d, "code", None) == "overflow" for d in exc.detail):
                self.fail("out_of_range")
            raise
        if not YEARS.low <= result.year <= YEARS.high:
            self.fail("out_of_range")
        return result
