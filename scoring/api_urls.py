from django.urls import path

from scoring import api, api_analyse, api_parse

urlpatterns = [
    path("score/", api.score, name="api-score"),
    path("rulesets/", api.rulesets, name="api-rulesets"),
    path("analyse/", api_analyse.analyse, name="api-analyse"),
    path("parse/", api_parse.parse, name="api-parse"),
]
