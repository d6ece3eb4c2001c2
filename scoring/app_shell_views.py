"""What makes the site an app on a phone: the service worker (served from the site's root,
with the shell's URLs filled in), the page shown offline and the web app manifest.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils.translation import gettext as _


def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, served from the site's root so that it may cover every page."""
    from django.contrib.staticfiles import finders
    from django.urls import reverse

    path = finders.find("js/sw.js")
    with open(str(path), encoding="utf-8") as f:
        code = f.read()
    catalogue = reverse("javascript-catalog")
    offline_page = reverse("offline")
    # Every file the round form and the session page load (a test reads both pages): a
    # page first loaded before this worker was in charge finds offline only these.
    shell = [
        offline_page,
        static("css/site.css"),
        static("css/record.css"),
        static("js/table-scroll.js"),
        static("js/sync-queue.js"),
        static("js/follow.js"),
        static("js/share.js"),
        static("js/event-timer.js"),
        static("js/round-form-strings.js"),
        static("js/next-dealer.js"),
        static("js/scoreboard.js"),
        # the round form's parts (round-form.js puts them together)
        static("js/round-form-state.js"),
        static("js/round-form-render.js"),
        static("js/round-form-picker.js"),
        static("js/round-form-sync.js"),
        static("js/round-form-sentence.js"),
        static("js/round-form.js"),
        catalogue,
    ]
    code = code.replace("__SHELL__", repr(shell).replace("'", '"'))
    code = code.replace("__CATALOGUE__", repr(catalogue).replace("'", '"'))
    code = code.replace("__OFFLINE__", repr(offline_page).replace("'", '"'))
    response = HttpResponse(code, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


def offline(request: HttpRequest) -> HttpResponse:
    """What a page not kept on the phone shows offline (the service worker keeps this one,
    in the language it was fetched in)."""
    return render(request, "offline.html")


def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico, which browsers ask for whatever the page names: the app's icon."""
    return redirect(static("icons/icon-192.png"))


def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest: the site installs on a phone's home screen."""
    import json

    data = {
        "name": _("长沙麻将计分"),
        "short_name": _("长沙麻将"),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f7f5ef",
        "theme_color": "#14532d",
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": static("icons/icon-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }
    return HttpResponse(
        json.dumps(data, ensure_ascii=False), content_type="application/manifest+json"
    )
