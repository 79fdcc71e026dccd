"""Accounts: how a learner signs in to keep one record on several devices.

* A *local* account is a name and a password. The name is unique whatever its case
  (its login is the name folded to lower case); the password is kept only as an
  Argon2id hash (``argon2-cffi``), never stored, shown or logged as typed.
* Wrong passwords are slowed down: every failure waits :data:`FAILURE_DELAY` seconds,
  and after :data:`FREE_TRIES` failures in a row the name refuses every attempt,
  right or wrong, for a time that doubles with each further failure (up to
  :data:`MAX_LOCK`). The count lives in the store, so it holds across processes, and
  each attempt is counted before its password is checked, in one write transaction
  (:meth:`ProgressStore.try_sign_in`): however many guesses arrive together, at most
  :data:`FREE_TRIES` are checked before the lock. A name nobody has is counted and
  locked the same way and costs the same hash, so neither the answer, its time nor the
  lock tells which names exist.
* Hashing costs 64 MiB and a few tenths of a second: at most :data:`HASHES_AT_ONCE`
  run at once in a process (the others wait their turn), and a process makes at most
  :data:`SIGN_UPS_PER_MINUTE` accounts a minute.
* An *OpenID Connect* account is an identity provider's ``iss`` and ``sub`` (from
  ``st.user``); the provider checked who the learner is.

Creating an account keeps the record of the learner who creates it (a browser's
anonymous learner), so nothing done before signing up is lost.

    >>> login_of("  Anna  Karenina ")
    'anna karenina'
"""

from __future__ import annotations

import threading
import time
from collections import deque
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
HASHES_AT_ONCE = 2             # Argon2 hashes running at once in one process
SIGN_UPS_PER_MINUTE = 60       # accounts one process makes in a minute (a class is ~30)

_HASHER = PasswordHasher()
_HASHING = threading.BoundedSemaphore(HASHES_AT_ONCE)
_SIGN_UPS: deque[float] = deque()   # the monotonic times of this process's recent sign-ups
_SIGN_UPS_LOCK = threading.Lock()
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
    check_password(password)
    if store.account(LOCAL, login_of(shown)) is not None:
        raise AccountError("account.taken")
    _count_sign_up()
    try:
        return store.create_account(LOCAL, login_of(shown), shown, _hash(password), learner)
    except AccountTaken:   # the same name, signed up meanwhile from another browser
        raise AccountError("account.taken") from None


def check_password(password: str) -> None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise AccountError("account.short_password")


def _count_sign_up(now: float | None = None) -> None:
    """AccountError when this process made :data:`SIGN_UPS_PER_MINUTE` accounts in the
    last minute: a script cannot fill the store with accounts (a class signing up
    together stays well under it)."""
    now = time.monotonic() if now is None else now
    with _SIGN_UPS_LOCK:
        while _SIGN_UPS and _SIGN_UPS[0] < now - 60:
            _SIGN_UPS.popleft()
        if len(_SIGN_UPS) >= SIGN_UPS_PER_MINUTE:
            raise AccountError("account.busy", seconds=int(_SIGN_UPS[0] + 60 - now) + 1)
        _SIGN_UPS.append(now)


def lock_wait(failures: int, failed_at: str | None, at: datetime) -> float:
    """Seconds a login still refuses sign-ins after ``failures`` wrong passwords in a
    row, the last at ``failed_at`` (ISO time); 0: it accepts them."""
    if failures < FREE_TRIES or failed_at is None:
        return 0.0
    wait = min(MAX_LOCK, FIRST_LOCK * 2 ** (failures - FREE_TRIES))
    until = datetime.fromisoformat(failed_at) + timedelta(seconds=wait)
    return max(0.0, (until - at).total_seconds())


def locked_for(account: Account, at: datetime) -> float:
    """Seconds the account still refuses sign-ins (0: it accepts them)."""
    return lock_wait(account.failures, account.failed_at, at)


def sign_in_local(store: ProgressStore, name: str, password: str,
                  at: datetime | None = None) -> Account:
    """The account of ``name`` when ``password`` is its own, else AccountError: the
    same refusal, the same work and the same lock for an unknown name as for a wrong
    password. The attempt is counted before the password is checked."""
    at = at or now_utc()
    login = login_of(name)
    account, wait = store.try_sign_in(LOCAL, login,
                                      lambda failures, last: lock_wait(failures, last, at), at)
    if wait > 0:
        raise AccountError("account.locked", seconds=int(wait) + 1)
    if account is None or account.secret is None:
        _verify(_DUMMY_HASH, password)
        time.sleep(FAILURE_DELAY)
        raise AccountError("account.refused")
    if not _verify(account.secret, password):
        time.sleep(FAILURE_DELAY)
        raise AccountError("account.refused")
    renewed = _hash(password) if _HASHER.check_needs_rehash(account.secret) else None
    store.note_sign_in(LOCAL, account.login, failed=False, secret=renewed)
    return account


def change_password(store: ProgressStore, learner: str, current: str, new: str,
                    at: datetime | None = None) -> Account:
    """Give ``learner``'s local account the password ``new`` once ``current`` is shown
    to be its password (counted and locked as a sign-in is). The caller then signs out
    the account's other browsers."""
    check_password(new)
    account = store.account_of(learner)
    if account is None or account.provider != LOCAL:
        raise AccountError("account.refused")
    sign_in_local(store, account.login, current, at)
    store.note_sign_in(LOCAL, account.login, failed=False, secret=_hash(new))
    return account


def _hash(password: str) -> str:
    with _HASHING:
        return _HASHER.hash(password)


def _verify(secret: str, password: str) -> bool:
    try:
        with _HASHING:
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
