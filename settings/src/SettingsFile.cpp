#include "speed/settings/SettingsFile.hpp"

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace speed {

SettingsPlaces settingsPlacesOfThisProcess() {
    SettingsPlaces places;
    std::error_code ec;
    places.currentFolderHasOne = std::filesystem::exists("setup.ini", ec);
    if (const char* config = std::getenv("XDG_CONFIG_HOME")) places.xdgConfigHome = config;
    if (const char* home = std::getenv("HOME")) places.home = home;
    return places;
}

SettingsFile chooseSettingsFile(const std::optional<std::string>& flag, const SettingsPlaces& places) {
    if (flag) return {*flag, SettingsSource::Flag};
    if (places.currentFolderHasOne) return {"setup.ini", SettingsSource::CurrentFolder};
    // The base directory spec: a relative $XDG_CONFIG_HOME is ignored, as an unset one is.
    std::filesystem::path base;
    if (!places.xdgConfigHome.empty() && std::filesystem::path(places.xdgConfigHome).is_absolute()) {
        base = places.xdgConfigHome;
    } else if (!places.home.empty()) {
        base = std::filesystem::path(places.home) / ".config";
    } else {
        return {"setup.ini", SettingsSource::CurrentFolder}; // no home at all: the current folder is all there is
    }
    return {(base / "speed" / "setup.ini").string(), SettingsSource::UserConfig};
}

SettingsFile chooseSettingsFile(const std::optional<std::string>& flag) {
    return chooseSettingsFile(flag, settingsPlacesOfThisProcess());
}

std::string describe(const SettingsFile& file) {
    switch (file.source) {
    case SettingsSource::Flag: return file.path + " (--config)";
    case SettingsSource::CurrentFolder: return file.path + " (the current folder's)";
    case SettingsSource::UserConfig: break;
    }
    return file.path + " (your settings folder)";
}

std::string settingsFileHelp() {
    const SettingsPlaces places = settingsPlacesOfThisProcess();
    return "the setup.ini to read (and the window's Settings to save); default: ./setup.ini when there is one, else " +
           chooseSettingsFile(std::nullopt, SettingsPlaces{false, places.xdgConfigHome, places.home}).path +
           "; in use now: " + describe(chooseSettingsFile(std::nullopt, places));
}

} // namespace speed
