#pragma once

#include <optional>
#include <string>
#include <string_view>

// Which setup.ini a program reads and the Settings dialog writes: `--config FILE` first; else a
// setup.ini in the current folder when there is one (a checkout, `make play`, the README's LAN
// recipe); else the user's, `$XDG_CONFIG_HOME/speed/setup.ini` (`~/.config/speed/setup.ini`),
// made with its comments by the first save.
namespace speed {

enum class SettingsSource {
    Flag,          // --config FILE
    CurrentFolder, // ./setup.ini
    UserConfig,    // $XDG_CONFIG_HOME/speed/setup.ini
};

struct SettingsFile {
    std::string path;
    SettingsSource source = SettingsSource::UserConfig;
};

// What the choice depends on, read from the process (or given by a test).
struct SettingsPlaces {
    bool currentFolderHasOne = false; // ./setup.ini exists
    std::string xdgConfigHome;        // $XDG_CONFIG_HOME as set (empty or relative: not used, as the spec says)
    std::string home;                 // $HOME
};
SettingsPlaces settingsPlacesOfThisProcess();

SettingsFile chooseSettingsFile(const std::optional<std::string>& flag, const SettingsPlaces& places);
SettingsFile chooseSettingsFile(const std::optional<std::string>& flag); // this process's places

// "setup.ini (the current folder's)", "/home/hana/.config/speed/setup.ini (your settings folder)",
// "my.ini (--config)": for logs, --help and the Settings dialog.
std::string describe(const SettingsFile& file);

// The --config flag's help: where the file is looked for, and the one in use now.
std::string settingsFileHelp();

// The commented setup.ini every new file starts from (the project's own setup.ini, compiled in),
// its values the defaults.
std::string_view commentedSetupIni();

} // namespace speed
