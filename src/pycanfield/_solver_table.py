"""Packed exact tables for long searches, and the talon's part of a key.

A Python ``set`` of ``bytes`` keys costs a search about 110 bytes a position: the
``bytes`` object's header, its allocation and the set's slot.  Past ``SPILL`` positions
a search moves its keys into a :class:`PackedSet` (or its pointer table into a
:class:`PackedMap`): every key in one ``bytearray``, behind a length byte, found through
an open-addressing index of 4-byte offsets with a 1-byte tag of the hash per slot.  Keys
are compared byte for byte, so the table is exact: two positions never share an entry
(docs/solver.rst, "Memory").

:class:`TalonBits` shortens the keys themselves: the talon only ever loses cards, its
order fixed by the root, so which of the root's talon cards are left says all of it.
"""

from __future__ import annotations

from array import array

__all__ = ["SPILL", "PackedMap", "PackedSet", "TalonBits", "slots_for"]

# A search's table moves from a ``set`` (or ``dict``) to the packed form once it holds
# this many positions: below it the ``set`` is faster and its memory does not matter.
# High enough that a search of a minute or so on a slow machine never spills, low
# enough that two tables of this size in sets stay within the bound (2.5 x 2 x 2.5M
# of MAX_POSITIONS = 16M).
SPILL = 2_500_000
# The index grows (doubles) once more than this fraction of its slots is used.
_LOAD = 2 / 3
# The memo of talons turned into bit masks is cleared at this size.
_MEMO = 1 << 14
# A value of a PackedMap: up to 56 bits (the pointer masks use 53).
_WIDTH = 7


class TalonBits:
    """The talon's part of a key: which of the root's talon cards are still there, as
    a bit mask of ``(len(root) + 7) // 8`` bytes.

    Exact because a search only ever takes cards out of the talon: every talon it meets
    is the root's with some cards left out, in the root's order.  With no root
    (``None``, an engine made without a position) the talon's own bytes are the part.

    >>> bits = TalonBits(bytes([40, 7, 23, 51, 9, 30, 2, 44, 12]))
    >>> bits(bytes([40, 7, 23, 51, 9, 30, 2, 44, 12])).hex()
    'ff01'
    >>> bits(bytes([7, 51, 12])).hex()
    '0a01'
    >>> TalonBits(None)(bytes([7, 51])) == bytes([7, 51])
    True
    """

    def __init__(self, root: bytes | None) -> None:
        self.raw = root is None
        order = root or b""
        self.width = (len(order) + 7) // 8
        self.bit = [0] * 52
        for i, card in enumerate(order):
            self.bit[card] = 1 << i
        # talon -> its part of the key: most positions share their talon with their
        # parent, so most keys find it here.
        self.memo: dict[bytes, bytes] = {}

    def __call__(self, talon: bytes) -> bytes:
        got = self.memo.get(talon)
        if got is None:
            if self.raw:
                return talon
            bit = self.bit
            mask = 0
            for card in talon:
                mask |= bit[card]
            if len(self.memo) >= _MEMO:
                self.memo.clear()
            got = self.memo[talon] = mask.to_bytes(self.width, "little")
        return got


def slots_for(n: int) -> int:
    """The index slots of a packed table made for ``n`` entries: a power of two that
    leaves it a third full or less.

    >>> slots_for(1_000), slots_for(2_500_000)
    (4096, 8388608)
    """
    return 1 << max(12, (3 * n).bit_length())


def _rehash(data: bytearray, width: int, slots: int) -> tuple[array[int], bytearray]:
    """An index of ``slots`` slots (a power of two) and its tags for every entry of
    ``data``, entered in the arena's order."""
    if len(data) >= 1 << 32:
        raise MemoryError("a packed table's offsets are 32 bits")
    index = array("I", bytes(4 * slots))
    tags = bytearray(slots)
    mask = slots - 1
    end = len(data)
    o = 1
    while o < end:
        n = data[o]
        h = hash(bytes(data[o + 1 : o + 1 + n]))
        i = h & mask
        while index[i]:
            i = (i + 1) & mask
        index[i] = o
        tags[i] = (h >> 56) & 255
        o += 1 + n + width
    return index, tags


class _Packed:
    """What the packed set and map share.

    Entries go in one arena: a length byte, the key, then ``width`` bytes of value.
    Offset 0 is never an entry, so an index slot of 0 is empty.  The methods that a
    search calls for every position are closures over the arena and the index, made in
    ``__init__``: a look-up then reads no attribute.
    """

    # Bytes of each entry after its key: the value of a PackedMap.
    width = 0

    def __init__(self, slots: int = 1 << 12) -> None:
        self.data = bytearray(1)
        self.index, self.tags = _rehash(self.data, self.width, slots)
        self.count = 0
        # The count past which the next entry doubles the index (``grows_at``).
        self.limit = int(slots * _LOAD)

    def __len__(self) -> int:
        return self.count

    def grows_at(self) -> int:
        """The count of entries past which the next entry doubles the index, a pass
        over every entry (seconds for millions of them)."""
        return self.limit

    def nbytes(self) -> int:
        """The bytes the table holds (the arena as used, the index and the tags)."""
        return len(self.data) + 4 * len(self.index) + len(self.tags)

    def keys(self) -> list[bytes]:
        """Every key, in the order they were entered (for the tests)."""
        data, width = self.data, self.width
        out = []
        o = 1
        while o < len(data):
            n = data[o]
            out.append(bytes(data[o + 1 : o + 1 + n]))
            o += 1 + n + width
        return out


class PackedSet(_Packed):
    """A set of ``bytes`` keys (each under 256 bytes) packed in one ``bytearray``.

    >>> table = PackedSet(4)
    >>> [table.add(k) for k in (b"ab", b"a", b"ab", b"", b"b")]
    [True, True, False, True, True]
    >>> len(table), b"a" in table, b"ba" in table
    (4, True, False)
    """

    def __init__(self, slots: int = 1 << 12) -> None:
        super().__init__(slots)
        data, index, tags = self.data, self.index, self.tags
        mask = slots - 1
        limit = int(slots * _LOAD)
        table = self

        def add(k: bytes) -> bool:
            """Enter ``k``: True when it is new, False when it was there already."""
            nonlocal index, tags, mask, limit
            h = hash(k)
            i = h & mask
            tag = (h >> 56) & 255
            n = len(k)
            o = index[i]
            while o:
                # The tag settles most slots without a look at the arena.
                if tags[i] == tag and data[o] == n and data.startswith(k, o + 1):
                    return False
                i = (i + 1) & mask
                o = index[i]
            index[i] = len(data)
            tags[i] = tag
            data.append(n)
            data.extend(k)
            table.count += 1
            if table.count > limit:
                index, tags = table.index, table.tags = _rehash(data, 0, 2 * len(index))
                mask = len(index) - 1
                limit = table.limit = int(len(index) * _LOAD)
            return True

        def contains(k: bytes) -> bool:
            h = hash(k)
            i = h & mask
            tag = (h >> 56) & 255
            n = len(k)
            o = index[i]
            while o:
                if tags[i] == tag and data[o] == n and data.startswith(k, o + 1):
                    return True
                i = (i + 1) & mask
                o = index[i]
            return False

        self.add = add
        self._contains = contains

    def __contains__(self, k: bytes) -> bool:
        return self._contains(k)


class PackedMap(_Packed):
    """A map of ``bytes`` keys (each under 256 bytes) to ints of up to 56 bits, packed
    in one ``bytearray``.

    >>> table = PackedMap(4)
    >>> table.get_or_add(b"ab", 5), table.get_or_add(b"ab", 9)
    (-1, 5)
    >>> table.set_last(12); table.get(b"ab"), table.get(b"b")
    (12, None)
    """

    width = _WIDTH

    def __init__(self, slots: int = 1 << 12) -> None:
        super().__init__(slots)
        data, index, tags = self.data, self.index, self.tags
        mask = slots - 1
        limit = int(slots * _LOAD)
        table = self
        # Where the value of the key that ``get_or_add`` found last starts.
        last = 0
        from_bytes = int.from_bytes

        def get_or_add(k: bytes, value: int) -> int:
            """The value of ``k`` when it is there (then :meth:`set_last` may change
            it); else enter ``k`` with ``value`` and say -1."""
            nonlocal index, tags, mask, limit, last
            h = hash(k)
            i = h & mask
            tag = (h >> 56) & 255
            n = len(k)
            o = index[i]
            while o:
                if tags[i] == tag and data[o] == n and data.startswith(k, o + 1):
                    o += 1 + n
                    last = o
                    return from_bytes(data[o : o + _WIDTH], "little")
                i = (i + 1) & mask
                o = index[i]
            index[i] = len(data)
            tags[i] = tag
            data.append(n)
            data.extend(k)
            data.extend(value.to_bytes(_WIDTH, "little"))
            table.count += 1
            if table.count > limit:
                index, tags = table.index, table.tags = _rehash(data, _WIDTH, 2 * len(index))
                mask = len(index) - 1
                limit = table.limit = int(len(index) * _LOAD)
            return -1

        def set_last(value: int) -> None:
            """Change the value of the key that :meth:`get_or_add` found last."""
            data[last : last + _WIDTH] = value.to_bytes(_WIDTH, "little")

        def get(k: bytes) -> int | None:
            """The value of ``k``, None when it is not there."""
            h = hash(k)
            i = h & mask
            tag = (h >> 56) & 255
            n = len(k)
            o = index[i]
            while o:
                if tags[i] == tag and data[o] == n and data.startswith(k, o + 1):
                    o += 1 + n
                    return from_bytes(data[o : o + _WIDTH], "little")
                i = (i + 1) & mask
                o = index[i]
            return None

        self.get_or_add = get_or_add
        self.set_last = set_last
        self.get = get

    def items(self) -> list[tuple[bytes, int]]:
        """Every key with its value, in the order the keys were entered (for the
        tests)."""
        data = self.data
        out = []
        o = 1
        while o < len(data):
            n = data[o]
            v = o + 1 + n
            out.append((bytes(data[o + 1 : v]), int.from_bytes(data[v : v + _WIDTH], "little")))
            o = v + _WIDTH
        return out
