#![cfg(target_os = "linux")]
//! The app's web contexts check their web process's memory every ten
//! minutes instead of WebKit's thirty seconds (`web_memory.rs` in the
//! shell): built as the webview library builds them, on a real display.

use checkers_app_lib::app::web_memory::{contexts_stretched, stretch_self_check};
use webkit2gtk::glib::translate::from_glib_full;
use webkit2gtk::{MemoryPressureSettings, WebContext};

#[test]
fn a_web_context_without_memory_settings_is_given_ours_and_one_with_its_own_keeps_them() {
    std::env::set_var("DISPLAY", e2e::display());
    gtk::init().expect("GTK on the virtual display");
    stretch_self_check();
    stretch_self_check();
    let before = contexts_stretched();
    let plain = WebContext::builder().build();
    assert_eq!(
        contexts_stretched(),
        before + 1,
        "a context built as the webview library builds it, with no memory settings"
    );
    // SAFETY: plain constructors of a boxed type, then owned by `own`.
    let own: MemoryPressureSettings = unsafe {
        let settings = webkit2gtk::ffi::webkit_memory_pressure_settings_new();
        webkit2gtk::ffi::webkit_memory_pressure_settings_set_poll_interval(settings, 5.0);
        from_glib_full(settings)
    };
    let chosen: WebContext = webkit2gtk::glib::Object::builder()
        .property("memory-pressure-settings", &own)
        .build();
    assert_eq!(
        contexts_stretched(),
        before + 1,
        "a context given memory settings of its own keeps them"
    );
    drop((plain, chosen));
}
