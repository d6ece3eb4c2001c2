"""Chinese first: the page language is the user's choice (the language switch's cookie),
else zh-hans, whatever the browser's Accept-Language says. Hidden names: a logged-out
visitor sees the initials of the players who hid their name. A club's old slug: its
pages redirect to the slug now."""

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.http.response import HttpResponseRedirectBase
from django.middleware.locale import LocaleMiddleware
from django.utils import translation

from leagues.models import names_read_by
from leagues.pages import ClubMoved


class ChineseFirstLocaleMiddleware(LocaleMiddleware):
    def process_request(self, request: HttpRequest) -> None:
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        supported = {code for code, _name in settings.LANGUAGES}
        language = chosen if chosen in supported else settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()


class HiddenNamesMiddleware:
    """Every roster entry read while a request is served shows the name its reader may
    see (``leagues.models.name_for_reader``): a logged-out visitor sees the initials of
    the players who hid their name. Placed after the authentication middleware."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with names_read_by(request):
            response = self.get_response(request)
        if response.streaming:  # a CSV export reads its rows while it is sent
            response.streaming_content = _read_by(request, response.streaming_content)  # type: ignore[attr-defined]
        return response


def _read_by(request: HttpRequest, chunks: Iterable[Any]) -> Iterator[Any]:
    """The chunks of a streamed answer, each produced as ``request``'s reader may see."""
    it = iter(chunks)
    while True:
        with names_read_by(request):
            chunk = next(it, _END)
        if chunk is _END:
            return
        yield chunk


_END = object()


class _RedirectKeepingMethod(HttpResponseRedirectBase):
    status_code = 307


class ClubMovedMiddleware:
    """A club page asked under a slug its club held before (``leagues.models.FormerSlug``)
    redirects to the same page under the club's slug now: 302 for a read, 307 for a post
    (a form, or a round that waited on a phone), which keeps its method and body. Not
    permanent: the club may take its old slug back, and a browser keeps no 301 to loop on."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, ClubMoved):
            return None
        old = f"/c/{exception.old}/"
        path = request.get_full_path()
        if not path.startswith(old):
            raise Http404("No club by that name.")
        to = f"/c/{exception.new}/" + path[len(old) :]
        if request.method in ("GET", "HEAD"):
            return HttpResponseRedirect(to)
        return _RedirectKeepingMethod(to)
