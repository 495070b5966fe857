"""The package as a Python user meets it: `__all__` is the public API and nothing else, every
name in it exists, the package ships `py.typed`, and the generated layer stays out of sight."""

from __future__ import annotations

import dataclasses
import enum
import inspect
from pathlib import Path

import offerkit


def test_all_names_the_public_api_only() -> None:
    for name in offerkit.__all__:
        assert hasattr(offerkit, name), name
        assert not name.startswith("_"), name
        for internal in ("Impl", "Protocol", "uniffi", "FfiConverter", "Pager"):
            assert internal not in name, name
    assert len(set(offerkit.__all__)) == len(offerkit.__all__)
    assert "set_event_loop" in offerkit.__all__ and "OfferkitError" in offerkit.__all__


def test_public_records_and_enums_are_the_packages_own() -> None:
    for name in offerkit.__all__:
        value = getattr(offerkit, name)
        if inspect.isclass(value) and dataclasses.is_dataclass(value):
            assert value.__module__ in ("offerkit._records", "offerkit._http") or name == "ClientConfig", name
            assert value.__dataclass_params__.frozen, name  # type: ignore[attr-defined]
        if inspect.isclass(value) and issubclass(value, enum.Enum):
            assert not value.__module__.startswith("offerkit._native"), name


def test_the_package_ships_py_typed() -> None:
    assert (Path(offerkit.__file__).parent / "py.typed").is_file()


def test_records_pickle_and_copy() -> None:
    import copy
    import pickle

    offer = offerkit.Offer("1", "n", 1.5, offerkit.Creatives("a", None, {"icon_url": "u"}), {"k": [1, {"x": None}]})
    page = offerkit.PlayerOffersPage(
        (offerkit.PlayerOffer("1", None, "completed", {}),), None, (offerkit.SkippedItem(1, None, "r"),), {}
    )
    for record in (offer, page, offerkit.ClientConfig("https://o.example.com", timeout=2.5)):
        assert pickle.loads(pickle.dumps(record)) == record
        assert copy.deepcopy(record) == record
