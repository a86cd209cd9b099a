//! The container formats quadmist recognises, and why bytes could not be read as one
//! (memory-card-formats §7, §8).

use serde::Serialize;

/// The kind of file the bytes were recognised as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ContainerFormat {
    /// Raw 128 KiB card (.mcr .mcd .srm .mc .ddf .bin .vm1 ...).
    RawCard,
    /// DexDrive .gme (3904-byte header).
    Gme,
    /// Connectix Virtual Game Station .mem/.vgs (64-byte header).
    Vgs,
    /// "PlayStation Magazine" card .psx (256-byte `PSV` header).
    PsxMagazine,
    /// PSP/Vita virtual card .vmp (128-byte header).
    Vmp,
    /// Vita PocketStation MCX card: encrypted, recognised but not read.
    VitaMcx,
    /// PSXGameEdit / Memory Juggler single save (.mcs .ps1).
    Mcs,
    /// Non-standard MCS with a directory frame before every block.
    InterleavedMcs,
    /// Action Replay / Xploder / GameShark single save (.mcb .mcx .pda .psx).
    ActionReplay,
    /// PS3 export single save (.psv).
    Psv,
    /// Raw single save with no header, named after the save.
    RawSave,
    /// PlayStation 2 memory card image: recognised but not read (PS1 saves on it use a
    /// different file system).
    Ps2Card,
}

impl ContainerFormat {
    /// A short human name, e.g. "DexDrive GME card".
    pub fn description(self) -> &'static str {
        match self {
            ContainerFormat::RawCard => "raw memory card image",
            ContainerFormat::Gme => "DexDrive GME card",
            ContainerFormat::Vgs => "Connectix VGS card",
            ContainerFormat::PsxMagazine => "PlayStation Magazine card",
            ContainerFormat::Vmp => "PSP/Vita virtual card (VMP)",
            ContainerFormat::VitaMcx => "Vita PocketStation MCX card (encrypted)",
            ContainerFormat::Mcs => "MCS single save",
            ContainerFormat::InterleavedMcs => "interleaved MCS single save",
            ContainerFormat::ActionReplay => "Action Replay single save",
            ContainerFormat::Psv => "PS3 PSV single save",
            ContainerFormat::RawSave => "raw single save",
            ContainerFormat::Ps2Card => "PlayStation 2 memory card",
        }
    }

    /// True for formats that hold a whole card (a directory of up to 15 saves).
    pub fn is_card(self) -> bool {
        matches!(
            self,
            ContainerFormat::RawCard
                | ContainerFormat::Gme
                | ContainerFormat::Vgs
                | ContainerFormat::PsxMagazine
                | ContainerFormat::Vmp
                | ContainerFormat::VitaMcx
        )
    }
}

/// Why bytes could not be read as any PS1 container.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ContainerError {
    /// Not a format quadmist knows (the message says what was seen).
    #[error("not a PS1 memory card or save file: {0}")]
    Unknown(String),
    /// A format quadmist recognises but does not read (e.g. the encrypted Vita MCX card).
    #[error("{format} is recognised but not supported: {1}", format = .0.description())]
    Unsupported(ContainerFormat, String),
}
