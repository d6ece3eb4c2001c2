from django.urls import path

from scoring import api, api_analyse, api_parse
from scoring.me import api as me_api

urlpatterns = [
    path("score/", api.score, name="api-score"),
    path("rulesets/", api.rulesets, name="api-rulesets"),
    path("analyse/", api_analyse.analyse, name="api-analyse"),
    path("parse/", api_parse.parse, name="api-parse"),
    path("me/stats/", me_api.stats, name="api-me-stats"),
]
