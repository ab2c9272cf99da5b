"""Static files for production: hashed names, compressed copies, module imports rewritten."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class HashedCompressedStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's manifest storage, also rewriting ``import ... from "./x.js"`` in the
    table's JavaScript modules to the hashed names (Django does it only when asked)."""

    support_js_module_import_aggregation = True
