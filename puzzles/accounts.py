"""Accounts: how a learner signs in to keep one record on several devices.

* A *local* account is a name and a password. The name is unique whatever its case
  (its login is the name folded to lower case); the password is kept only as an
  Argon2id hash (``argon2-cffi``), never stored, shown or logged as typed.
* Wrong passwords are slowed down: every failure waits :data:`FAILURE_DELAY` seconds,
  and after :data:`FREE_TRIES` failures in a row the account refuses every attempt,
  right or wrong, for a time that doubles with each further failure (up to
  :data:`MAX_LOCK`). The count lives in the store, so it holds across processes.
* An *OpenID Connect* account is an identity provider's ``iss`` and ``sub`` (from
  ``st.user``); the provider checked who the learner is.

Creating an account keeps the record of the learner who creates it (a browser's
anonymous learner), so nothing done before signing up is lost.

    >>> login_of("  Anna  Karenina ")
    'anna karenina'
"""

from __future__ import annotations

import time
from datetime import datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from puzzles.store import (
    KEY_PREFIX,
    MAX_NAME,
    Account,
    AccountTaken,
    ProgressStore,
    now_utc,
)

LOCAL = "local"
OIDC = "oidc"
MIN_PASSWORD = 8
MAX_PASSWORD = 256
FREE_TRIES = 5                 # wrong passwords in a row before the account waits
FAILURE_DELAY = 1.0            # seconds every wrong password costs the one who typed it
FIRST_LOCK = 30.0              # seconds of the first wait; doubled by each failure after
MAX_LOCK = 3600.0

_HASHER = PasswordHasher()
# Verified when the name is unknown, so that a wrong name takes as long as a wrong
# password and does not tell which names exist.
_DUMMY_HASH = _HASHER.hash("not a password of anyone")


class AccountError(ValueError):
    """A sign-up or sign-in refused. ``reason`` is the message key (``account.*`` in
    :mod:`puzzles.i18n`), ``seconds`` the wait of a locked account."""

    def __init__(self, reason: str, seconds: int = 0) -> None:
        super().__init__(reason)
        self.reason = reason
        self.seconds = seconds


def clean_display(name: str) -> str:
    return " ".join(str(name).split())[:MAX_NAME]


def login_of(name: str) -> str:
    """The login a typed name signs in with: spaces collapsed, case folded."""
    return clean_display(name).casefold()


def check_new_name(name: str) -> str:
    """The name to show for a new account or learner, or AccountError."""
    shown = clean_display(name)
    if not shown or shown.startswith(KEY_PREFIX):
        raise AccountError("account.bad_name")
    return shown


def create_local(store: ProgressStore, name: str, password: str, learner: str) -> Account:
    """A local account keeping ``learner``'s record."""
    shown = check_new_name(name)
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise AccountError("account.short_password")
    if store.account(LOCAL, login_of(shown)) is not None:
        raise AccountError("account.taken")
    try:
        return store.create_account(LOCAL, login_of(shown), shown, _HASHER.hash(password),
                                    learner)
    except AccountTaken:   # the same name, signed up meanwhile from another browser
        raise AccountError("account.taken") from None


def locked_for(account: Account, at: datetime) -> float:
    """Seconds the account still refuses sign-ins (0: it accepts them)."""
    if account.failures < FREE_TRIES or account.failed_at is None:
        return 0.0
    wait = min(MAX_LOCK, FIRST_LOCK * 2 ** (account.failures - FREE_TRIES))
    until = datetime.fromisoformat(account.failed_at) + timedelta(seconds=wait)
    return max(0.0, (until - at).total_seconds())


def sign_in_local(store: ProgressStore, name: str, password: str,
                  at: datetime | None = None) -> Account:
    """The account of ``name`` when ``password`` is its own, else AccountError: the
    same refusal for an unknown name and a wrong password."""
    at = at or now_utc()
    account = store.account(LOCAL, login_of(name))
    if account is not None:
        wait = locked_for(account, at)
        if wait > 0:
            raise AccountError("account.locked", seconds=int(wait) + 1)
    if account is None or account.secret is None:
        _verify(_DUMMY_HASH, password)
        time.sleep(FAILURE_DELAY)
        raise AccountError("account.refused")
    if not _verify(account.secret, password):
        store.note_sign_in(LOCAL, account.login, failed=True, at=at)
        time.sleep(FAILURE_DELAY)
        raise AccountError("account.refused")
    renewed = _HASHER.hash(password) if _HASHER.check_needs_rehash(account.secret) else None
    store.note_sign_in(LOCAL, account.login, failed=False, secret=renewed)
    return account


def _verify(secret: str, password: str) -> bool:
    try:
        return _HASHER.verify(secret, password)
    except (VerificationError, InvalidHashError):   # a mismatch, or a hash it cannot read
        return False


def oidc_login(issuer: str, subject: str) -> str:
    """The login of an identity provider's user: its issuer and subject, which OpenID
    Connect promises are unique and never reassigned together."""
    return f"{issuer}|{subject}"


def oidc_account(store: ProgressStore, issuer: str, subject: str, display: str,
                 learner: str) -> Account:
    """The account of a provider's user, made the first time from ``learner`` (the
    browser's anonymous learner, whose record it keeps)."""
    login = oidc_login(issuer, subject)
    account = store.account(OIDC, login)
    if account is not None:
        return account
    try:
        return store.create_account(OIDC, login, clean_display(display) or "?", None,
                                    learner)
    except AccountTaken:   # signed in at the same moment in another tab
        found = store.account(OIDC, login)
        if found is None:   # the learner has another account: start a record afresh
            raise
        return found
