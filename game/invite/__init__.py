"""The host's invite link and the guests it brings (docs/protocol.md, "Invite links")."""
