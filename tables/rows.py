"""The few statements every table action runs, as SQL built once per model, not a QuerySet per call.

A table action reads the locked table with its room, the running hand and the seats, then
inserts log and event rows and updates the hand and the table's version. Through the ORM
each of those compiled a query anew, which cost more CPU than the rest of the action
(issue 17: about 5 of an action's 11 ms, before any round trip). Here each statement's SQL
is made once per model and database vendor, and rows become model instances by
`Model.from_db` with the same value converters the ORM applies, so callers get the usual
instances (deferred fields load on access, `save` works) and the database still checks
every constraint. Only plain column reads and writes live here: anything with a join,
an expression or a lookup stays in the ORM.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from typing import Any, TypeVar

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import Field, Model
from psycopg.pq import ExecStatus

M = TypeVar("M", bound=Model)
Converter = Callable[[Any, Any, Any], Any]


def _quoted(name: str | None) -> str:
    return _quote(connection.vendor, name or "")


@cache
def _quote(vendor: str, name: str) -> str:
    return str(connection.ops.quote_name(name))


def quoted(model: type[Model]) -> str:
    """The model's table name, quoted for SQL."""
    return _quoted(model._meta.db_table)


@cache
def _columns(model: type[Model], vendor: str, omit: tuple[str, ...] = ()) -> tuple[tuple[Field[Any, Any], ...], str]:
    """The model's concrete fields but `omit` (attnames), and their qualified column list for a SELECT."""
    fields = tuple(f for f in model._meta.concrete_fields if f.attname not in omit)
    table = _quoted(model._meta.db_table)
    return fields, ", ".join(f"{table}.{_quoted(f.column)}" for f in fields)


@cache
def _converters(
    model: type[Model], vendor: str, omit: tuple[str, ...] = ()
) -> tuple[tuple[Any, tuple[Converter, ...]], ...]:
    """Per selected column, its expression and the converters the ORM would apply to its raw value
    (JSON, datetimes on SQLite)."""
    fields, _ = _columns(model, vendor, omit)
    out = []
    for field in fields:
        col = field.get_col(model._meta.db_table)
        out.append((col, tuple(connection.ops.get_db_converters(col)) + tuple(field.get_db_converters(connection))))
    return tuple(out)


def select_list(model: type[Model], omit: tuple[str, ...] = ()) -> str:
    """`"table"."col", ...` of the model's columns but `omit`, for a hand-written SELECT."""
    return _columns(model, connection.vendor, omit)[1]


def width(model: type[Model], omit: tuple[str, ...] = ()) -> int:
    """How many columns `select_list(model, omit)` selects."""
    return len(_columns(model, connection.vendor, omit)[0])


def instance(model: type[M], values: Sequence[Any], omit: tuple[str, ...] = ()) -> M:
    """A model instance from raw column values in `select_list` order, as the ORM builds it
    (omitted fields are deferred: reading one loads it)."""
    vendor = connection.vendor
    fields, _ = _columns(model, vendor, omit)
    converters = _converters(model, vendor, omit)
    converted = []
    for value, (col, convs) in zip(values, converters, strict=True):
        for convert in convs:
            value = convert(value, col, connection)
        converted.append(value)
    return model.from_db(connection.alias, [f.attname for f in fields], converted)


def fetch(
    model: type[M],
    where: str,
    params: Sequence[Any],
    omit: tuple[str, ...] = (),
    order_by: str | None = None,
    limit: int | None = None,
) -> list[M]:
    """Instances of `model` whose rows match `where` (SQL over the model's own table, `%s` params),
    ordered by the column `order_by` if given, at most `limit` of them."""
    with connection.cursor() as cursor:
        cursor.execute(select_sql(model, where, omit, order_by, limit), params)
        rows = cursor.fetchall()
    return [instance(model, row, omit) for row in rows]


def insert(model: type[Model], objs: Iterable[Model]) -> None:
    """One INSERT of all `objs` (every concrete field but the auto primary key; auto_now_add set as
    `save` would). Primary keys are not read back."""
    objs = list(objs)
    if not objs:
        return
    fields, sql = _insert_sql(model, connection.vendor, len(objs))
    db = connections[DEFAULT_DB_ALIAS]  # the proxy's per-thread lookup, once, not per value
    _send(sql, [f.get_db_prep_save(f.pre_save(obj, True), db) for obj in objs for f in fields])


@cache
def _insert_sql(model: type[Model], vendor: str, n_rows: int) -> tuple[tuple[Field[Any, Any], ...], str]:
    fields = tuple(f for f in model._meta.concrete_fields if not f.primary_key)
    columns = ", ".join(_quoted(f.column) for f in fields)
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    return fields, f"INSERT INTO {_quoted(model._meta.db_table)} ({columns}) VALUES {', '.join([row] * n_rows)}"


def update(obj: Model, names: Sequence[str]) -> None:
    """`obj.save(update_fields=names)` as one plain UPDATE by primary key (no signals: the hot path has none)."""
    fields, sql = _update_sql(type(obj), connection.vendor, tuple(names))
    db = connections[DEFAULT_DB_ALIAS]
    _send(sql, [*(f.get_db_prep_save(getattr(obj, f.attname), db) for f in fields), obj.pk])


@cache
def _update_sql(model: type[Model], vendor: str, names: tuple[str, ...]) -> tuple[tuple[Field[Any, Any], ...], str]:
    meta = model._meta
    fields = tuple(meta.get_field(name) for name in names)
    sets = ", ".join(f"{_quoted(f.column)} = %s" for f in fields)  # type: ignore[union-attr]
    key = meta.pk.column if meta.pk is not None else "id"
    return fields, f"UPDATE {_quoted(meta.db_table)} SET {sets} WHERE {_quoted(key)} = %s"  # type: ignore[return-value]


# --- several statements in one round trip ---------------------------------------------------------

_held = threading.local()


@contextmanager
def batched() -> Iterator[None]:
    """Within the block, this thread's `insert` and `update` statements are held and sent in order when
    it ends: on PostgreSQL as one round trip (one simple query of several statements), elsewhere one
    by one. Nothing is sent if the block raises. The caller must not read, inside the block, what the
    held statements write. A block inside another sends with the outer one."""
    if getattr(_held, "statements", None) is not None:
        yield
        return
    _held.statements = []
    try:
        yield
        statements: list[tuple[str, list[Any]]] = _held.statements
    finally:
        _held.statements = None
    send_together(statements)


def send_together(statements: Sequence[tuple[str, Sequence[Any]]]) -> None:
    """Run `(sql, params)` statements in order, in one round trip where the database allows it (an
    error in any of them raises, and the caller's transaction rolls back as usual)."""
    if not statements:
        return
    if connection.vendor != "postgresql" or len(statements) == 1:
        with connection.cursor() as cursor:
            for sql, params in statements:
                cursor.execute(sql, params)
        return
    with connection.cursor() as cursor:
        cursor.execute(_joined(cursor, statements))


def _joined(cursor: Any, statements: Sequence[tuple[str, Sequence[Any]]]) -> str:
    """One simple query of the statements, each bound on its own (psycopg's client-side binding, as
    `execute` would): bound together, their many parameters missed psycopg's cache of parsed
    queries (at most 50 parameters), so every call parsed the whole text again."""
    return "; ".join(cursor.mogrify(sql, params) for sql, params in statements)


def _send(sql: str, params: list[Any]) -> None:
    held = getattr(_held, "statements", None)
    if held is not None:
        held.append((sql, params))
        return
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def fetch_together(queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[tuple[Any, ...]]]:
    """The rows of each `(sql, params)` SELECT, run in order (each sees what the ones before it did, e.g.
    a lock they waited for), in one round trip on PostgreSQL."""
    if connection.vendor != "postgresql":
        out = []
        with connection.cursor() as cursor:
            for sql, params in queries:
                cursor.execute(sql, params)
                out.append(cursor.fetchall())
        return out
    results = []
    with connection.cursor() as cursor:
        cursor.execute(_joined(cursor, queries))
        results.append(_rows_of(cursor))
        while cursor.nextset():
            results.append(_rows_of(cursor))
    return results


def _rows_of(cursor: Any) -> list[tuple[Any, ...]]:
    """The current result's rows; none for a statement that returns none (a SET, say). Asked of the
    raw result's status: psycopg builds `description` anew, a Column object per column, at each read."""
    result = cursor.cursor.pgresult
    return cursor.fetchall() if result is not None and result.status == ExecStatus.TUPLES_OK else []


def select_sql(
    model: type[Model], where: str, omit: tuple[str, ...] = (), order_by: str | None = None, limit: int | None = None
) -> str:
    """`fetch`'s SELECT (columns in `select_list` order), to run with others by `fetch_together`."""
    sql = f"SELECT {select_list(model, omit)} FROM {_quoted(model._meta.db_table)} WHERE {where}"
    if order_by is not None:
        sql += f" ORDER BY {_quoted(order_by)}"
    if limit is not None:
        sql += f" LIMIT {int(limit)}"
    return sql
