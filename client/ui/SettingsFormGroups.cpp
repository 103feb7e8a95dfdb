#include "ui/SettingsForm.hpp"

#include "text/Words.hpp"

#include <charconv>

namespace speed::client::ui {
namespace {

constexpr SettingsGroup kGroups[] = {SettingsGroup::Player, SettingsGroup::Cards, SettingsGroup::Sound, SettingsGroup::Network,
                                     SettingsGroup::Rules};

// Every key of setup.ini, where the dialog shows it and how, in the dialog's order. The unit
// test checks that none of settingsKeys() is missing here.
struct KeyPlace {
    std::string_view section;
    std::string_view name;
    FieldPlace place;
};

using enum SettingsGroup;
using enum FieldControl;

constexpr KeyPlace kPlaces[] = {
    {"player", "name", {Player, false, Text}},
    {"player", "language", {Player, false, Choice}},
    {"cpu", "level", {Player, false, Choice}},
    {"player", "cards", {Cards, false, Deck}},
    {"player", "card_back", {Cards, false, CardBack}},
    {"player", "motion", {Cards, false, CheckBox}},
    {"player", "ui_scale", {Cards, false, Slider}},
    {"player", "sound", {Sound, false, CheckBox}},
    {"player", "volume", {Sound, false, Slider}},
    {"network", "peer", {Network, false, Text}},
    {"network", "password", {Network, false, Password}},
    {"network", "announce", {Network, false, CheckBox}},
    {"network", "port", {Network, true, Text}},
    {"network", "wait", {Network, true, Text}},
    {"network", "grace", {Network, true, Text}},
    {"rules", "jokers", {Rules, false, CheckBox}},
    {"rules", "deal", {Rules, false, Choice}},
    {"rules", "hand", {Rules, false, Slider}},
    {"rules", "refill", {Rules, false, Choice}},
    {"rules", "arbitration", {Rules, true, Choice}},
};

const KeyPlace* placeOf(std::string_view section, std::string_view name) {
    for (const KeyPlace& place : kPlaces) {
        if (place.section == section && place.name == name) return &place;
    }
    return nullptr;
}

bool isKey(const SettingsKey& key, std::string_view section, std::string_view name) {
    return key.section == section && key.name == name;
}

std::optional<int> wholeNumber(std::string_view text) {
    int value = 0;
    const auto [rest, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || rest != text.data() + text.size()) return std::nullopt;
    return value;
}

} // namespace

std::span<const SettingsGroup> settingsGroups() { return kGroups; }

std::string_view groupName(SettingsGroup group) {
    switch (group) {
    case Player: return "player";
    case Cards: return "cards";
    case Sound: return "sound";
    case Network: return "network";
    case Rules: return "rules";
    }
    return "player";
}

std::string groupTitle(SettingsGroup group) {
    switch (group) {
    case Player: return tr("settings.group.player");
    case Cards: return tr("settings.group.cards");
    case Sound: return tr("settings.group.sound");
    case Network: return tr("settings.group.network");
    case Rules: return tr("settings.group.rules");
    }
    return {};
}

FieldPlace fieldPlace(const SettingsKey& key) {
    const KeyPlace* place = placeOf(key.section, key.name);
    // A key this table does not know yet still shows, typed, under Player's Advanced part.
    return place != nullptr ? place->place : FieldPlace{Player, true, Text};
}

std::vector<SettingsField*> SettingsForm::groupFields(SettingsGroup group, bool advanced) {
    std::vector<SettingsField*> shown;
    for (const KeyPlace& place : kPlaces) {
        if (place.place.group != group || place.place.advanced != advanced) continue;
        if (SettingsField* found = field(place.section, place.name)) shown.push_back(found);
    }
    for (SettingsField& unplaced : m_fields) { // see fieldPlace
        if (placeOf(unplaced.key->section, unplaced.key->name) == nullptr && group == Player && advanced) {
            shown.push_back(&unplaced);
        }
    }
    return shown;
}

std::optional<CheckValues> checkValues(const SettingsKey& key) {
    if (isKey(key, "player", "sound") || isKey(key, "network", "announce")) return CheckValues{"on", "off"};
    if (isKey(key, "player", "motion")) return CheckValues{"reduced", "full"};
    if (isKey(key, "rules", "jokers")) return CheckValues{"2", "0"};
    return std::nullopt;
}

std::optional<SliderRange> sliderRange(const SettingsKey& key) {
    const bool slider = isKey(key, "player", "volume") || isKey(key, "player", "ui_scale") || isKey(key, "rules", "hand");
    if (slider) return SliderRange{static_cast<int>(key.min), static_cast<int>(key.max)};
    return std::nullopt;
}

// A factor's text is read the way setup.ini reads it (the key's own assign), then taken back as
// percent; a whole number is the number itself.
std::optional<int> sliderValue(const SettingsField& field) {
    const SettingsKey& key = *field.key;
    Settings scratch;
    if (!key.assign(scratch, trimmed(field.text))) return std::nullopt;
    if (key.form == SettingsValue::Factor) return scratch.player.uiScalePercent;
    return wholeNumber(trimmed(field.text));
}

std::string sliderText(const SettingsKey& key, int value) {
    if (key.form != SettingsValue::Factor) return std::to_string(value);
    Settings scratch;
    scratch.player.uiScalePercent = value;
    return key.render(scratch); // "1.25", as setup.ini writes it
}

std::string sliderWords(const SettingsKey& key, int value) {
    if (isKey(key, "rules", "hand")) return trf("settings.slider.slots", value);
    return trf("settings.slider.percent", value);
}

} // namespace speed::client::ui
