"""Standings and ratings: the materialised stat tables, their upkeep and their reads.

A Django app of its own (label ``standings``) inside scoring. Scoring's services call it
through ``scoring.standings.services`` when a session's rounds change, when a session
moves or finishes, and to rebuild; nothing in here imports scoring's services.
"""
