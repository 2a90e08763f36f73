//! The build script: Tauri's context, and the permissions of each game's
//! commands. A game's commands are an inline plugin, in a namespace of its
//! own (`plugin:choko|play`); the page's capability grants each game's
//! default permission, which allows every command listed here.

use tauri_build::{Attributes, DefaultPermissionRule, InlinedPlugin};

/// A game's commands, as its plugin registers them.
fn game(commands: &'static [&'static str]) -> InlinedPlugin {
    InlinedPlugin::new()
        .commands(commands)
        .default_permission(DefaultPermissionRule::AllowAllCommands)
}

fn main() {
    let attributes = Attributes::new()
        .plugin(
            "checkers",
            game(&[
                "state",
                "new_game",
                "legal_moves",
                "play",
                "cpu_reply",
                "undo",
                "records",
                "review",
                "history_game",
                "copy_pdn",
                "leave",
            ]),
        )
        .plugin(
            "choko",
            game(&[
                "state",
                "new_game",
                "new_streak",
                "legal_moves",
                "play",
                "cpu_reply",
                "undo",
                "leave",
                "records",
                "review",
                "history_game",
                "copy_text",
            ]),
        );
    if let Err(e) = tauri_build::try_build(attributes) {
        eprintln!("{e:#}");
        std::process::exit(1);
    }
}
