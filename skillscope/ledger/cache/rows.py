"""A checkpoint's records kept as columns, each built into a ``Record`` only when a verdict is read.

A checkpoint of a large ledger holds a record for every fingerprint ever reviewed. Built all at
once, they are a few Python objects each that the cycle collector walks on every full pass, and
whose allocation starts those passes; yet a read looks up a few of them (the skills shown), an
export the approvals in force. Here the verdicts' maps hold positions in the checkpoint's columns
(plain integers and strings, which the collector does not track) until a value is read; the value
is then built, kept in place of its position, and is what it would have been built at once.
"""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterator, MutableMapping, Sequence, ValuesView
from typing import TypeVar, overload

from skillscope.ledger.core.record import Record, partial_record
from skillscope.ledger.core.stored import OpenLedger, StoredLine

__all__ = ["RecordTable", "RowMap"]

V = TypeVar("V")
D = TypeVar("D")

_ACTIONS = {action: action for action in ("approve", "reject", "revoke", "repair")}
"""One string per action, as a scan holds them."""


class RecordTable:
    """The records a checkpoint's verdicts keep, by row: where each line is in ``file`` and its replay fields.

    ``record(row)`` builds a row's record the first time it is asked for, and returns that same
    record after (a record named by two verdicts, by name and by content, is one object, as in a replay).
    """

    __slots__ = ("file", "actions", "names", "fingerprints", "seqs", "prevs", "hashes", "offsets", "lengths", "_made")

    def __init__(
        self,
        file: OpenLedger,
        actions: Sequence[str],
        names: Sequence[str],
        fingerprints: Sequence[str | None],
        seqs: Sequence[int],
        prevs: Sequence[str],
        hashes: Sequence[str],
        offsets: Sequence[int],
        lengths: Sequence[int],
    ) -> None:
        count = len(actions)
        if any(len(column) != count for column in (names, fingerprints, seqs, prevs, hashes, offsets, lengths)):
            raise ValueError("the columns of a record table differ in length")
        self.file = file
        self.actions, self.names, self.fingerprints = actions, names, fingerprints
        self.seqs, self.prevs, self.hashes = seqs, prevs, hashes
        self.offsets, self.lengths = offsets, lengths
        self._made: dict[int, Record] = {}

    def __len__(self) -> int:
        return len(self.actions)

    def record(self, row: int) -> Record:
        """The record of ``row``: replay fields only, its line read again from the file when it is completed.

        Raises:
            IndexError: there is no such row.
        """
        made = self._made.get(row)
        if made is None:
            if row < 0:
                raise IndexError(f"no record at row {row}")
            digest = self.hashes[row]
            action = self.actions[row]
            made = self._made[row] = partial_record(
                _ACTIONS.get(action, action),
                self.names[row],
                self.fingerprints[row],
                self.seqs[row],
                self.prevs[row],
                digest,
                StoredLine(self.file, self.offsets[row], self.lengths[row], digest),
            )
        return made


_ABSENT = object()


class RowMap(MutableMapping[str, V]):
    """A mapping whose values start as row numbers and are built by ``build`` when first read, then kept.

    A value is never an ``int``, so an ``int`` held is always a row still to build. Until then the
    map's dictionary holds only strings and integers, which the cycle collector leaves alone.
    """

    __slots__ = ("_data", "_build")

    def __init__(self, data: dict[str, V | int], build: Callable[[int], V]) -> None:
        self._data = data
        """Key -> its value, or the row it is built from (the map owns this dictionary)."""
        self._build = build

    def __getitem__(self, key: str) -> V:
        value = self._data[key]
        if type(value) is int:
            value = self._data[key] = self._build(value)
        return value  # type: ignore[return-value]  # built above when it was a row

    @overload
    def get(self, key: str, /) -> V | None: ...
    @overload
    def get(self, key: str, default: V | D, /) -> V | D: ...
    def get(self, key: str, default: object = None) -> object:
        value = self._data.get(key, _ABSENT)
        if value is _ABSENT:
            return default
        if type(value) is int:
            value = self._data[key] = self._build(value)
        return value

    def __setitem__(self, key: str, value: V) -> None:
        self._data[key] = value

    def __delitem__(self, key: str) -> None:
        del self._data[key]

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def clear(self) -> None:
        """Empty the map without building what it held."""
        self._data.clear()

    def items(self) -> ItemsView[str, V]:
        return _Items(self)

    def values(self) -> ValuesView[V]:
        return _Values(self)

    def _built(self) -> Iterator[tuple[str, V]]:
        """Every key with its value, building those still rows in one pass over the dictionary."""
        data, build = self._data, self._build
        for key, value in data.items():  # a value replaced in place: the dictionary keeps its size
            if type(value) is int:
                value = data[key] = build(value)
            yield key, value  # type: ignore[misc]  # built above when it was a row

    def __repr__(self) -> str:
        return f"{type(self).__name__}({len(self._data)} items)"


class _Items(ItemsView[str, V]):
    _mapping: RowMap[V]

    def __iter__(self) -> Iterator[tuple[str, V]]:
        return self._mapping._built()


class _Values(ValuesView[V]):
    _mapping: RowMap[V]

    def __iter__(self) -> Iterator[V]:
        return (value for _key, value in self._mapping._built())
