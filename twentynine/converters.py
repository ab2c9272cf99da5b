"""The site's URL converters, registered on import (each URL module that uses one imports
this module first).

``<id:...>``: a row's id, 1 to 18 digits, so that it fits any 64-bit column; a longer
number is no such page (404), never a database error."""

from django.urls import register_converter


class RowId:
    """A database row's id in a URL."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(RowId, "id")
