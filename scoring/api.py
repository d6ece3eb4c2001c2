"""Stateless calculator endpoints (placeholder until the engine lands)."""

from rest_framework.decorators import api_view
from rest_framework.request import Request
from rest_framework.response import Response


@api_view(["POST"])
def score(request: Request) -> Response:
    return Response({"errors": [{"field": "", "code": "not_ready", "message": "engine"}]}, 400)


@api_view(["GET"])
def rulesets(request: Request) -> Response:
    return Response([])
