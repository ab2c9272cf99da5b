"""The dashboard's live parts: which games a user sees there, and the socket that keeps
them current (docs/protocol.md, "The dashboard socket")."""
