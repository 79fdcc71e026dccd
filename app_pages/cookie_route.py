"""The served app's one HTTP endpoint: it sets the browser's learner cookie, HttpOnly,
for a one-time code the page posts (:mod:`puzzles.identity`). A websocket cannot set a
cookie and a script must not be able to read it, so the page trades the code here.

Only a same-site request is answered (the browser's Origin, or Sec-Fetch-Site): a
page elsewhere cannot make a browser take another's token."""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from puzzles import identity as ident

MAX_CODE = 64   # characters: a code is 32


def same_origin(request: Request) -> bool:
    site = request.headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        return False
    origin = request.headers.get("origin")
    return origin is None or urlsplit(origin).netloc == request.headers.get("host", "")


def secure(request: Request) -> bool:
    """Whether the browser reached the app over HTTPS (also behind a proxy that ends it)."""
    origin = request.headers.get("origin") or ""
    return (request.url.scheme == "https" or origin.startswith("https://")
            or request.headers.get("x-forwarded-proto", "").lower() == "https")


async def set_cookie(request: Request) -> Response:
    if not same_origin(request):
        return Response(status_code=403)
    code = (await request.body())[:MAX_CODE].decode("ascii", "replace").strip()
    grant = ident.redeem(code)
    if grant is None:
        return Response(status_code=410, headers={"Cache-Control": "no-store"})
    response = Response(status_code=204, headers={"Cache-Control": "no-store"})
    response.set_cookie(ident.COOKIE, grant.token, max_age=grant.max_age, path="/",
                        secure=secure(request), httponly=True, samesite="lax")
    return response


def routes() -> list[BaseRoute]:
    """The routes ``app_served.py`` mounts beside Streamlit's own."""
    ident.route_mounted()
    return [Route(ident.COOKIE_PATH, set_cookie, methods=["POST"])]
