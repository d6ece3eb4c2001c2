"""Webhooks: a club's organiser registers URLs that are told of its rounds and sessions."""
