"""Seating schedules for whole league nights, searched once, offline.

Written by ``python -m bench.make_seating_schedules``; do not edit by hand.
"""

SCHEDULE_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
SCHEDULES: dict[tuple[int, int], str] = {}
SCHEDULES_WITHOUT_REPEAT: dict[int, tuple[int, ...]] = {}
