from django.urls import path

from scoring.api import analyse as api_analyse
from scoring.api import calculator as api
from scoring.api import parse as api_parse

urlpatterns = [
    path("score/", api.score, name="api-score"),
    path("rulesets/", api.rulesets, name="api-rulesets"),
    path("analyse/", api_analyse.analyse, name="api-analyse"),
    path("parse/", api_parse.parse, name="api-parse"),
]
