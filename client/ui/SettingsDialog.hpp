#pragma once

#include "ui/CardPreview.hpp"
#include "ui/SettingsForm.hpp"

#include "deck/DeckCatalog.hpp"
#include "ui/UiCommand.hpp"

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace speed::client::ui {

// Settings: the player's options in groups (tabs: Player, Cards and table, Sound, Network,
// Rules), each with named choices, check boxes and sliders, and an Advanced part for what only a
// network engineer touches. A typed field is checked as it is typed (what is wrong shows under it,
// in red, and its tab is marked); Save writes setup.ini back keeping its comments and says where
// it wrote. The file's keys show only in the tooltips.
class SettingsDialog {
public:
    // `decks`: the card decks installed, offered for [player] cards; `deckCache`: where drawn
    // decks are kept (the preview's too).
    SettingsDialog(const std::string& configPath, std::vector<deck::DeckInfo> decks, const std::filesystem::path& deckCache)
        : m_form(configPath), m_decks(std::move(decks)), m_preview(deckCache), m_backPreview(deckCache) {}

    void open();
    bool isOpen() const { return m_open; }
    void close() { m_open = false; }
    // The CPU opponent in force (the Game menu's): the level field shows it (SettingsForm::followLevel).
    void followLevel(BotLevel level) { m_form.followLevel(level); }
    // Draws the dialog while it is open; a successful save yields SettingsSaved.
    void draw(UiCommands& commands);

private:
    void drawGroup(SettingsGroup group);
    void drawFields(const std::vector<SettingsField*>& fields);
    void drawField(SettingsField& field);
    void drawLabel(const SettingsField& field);
    void drawCheckBox(SettingsField& field);
    void drawSlider(SettingsField& field);
    void drawChoice(SettingsField& field);
    void drawTyped(SettingsField& field);
    bool groupHasError(SettingsGroup group, bool advanced);
    void drawCardsField(SettingsField& field);
    void drawCardBackField(SettingsField& field);
    void drawDeckChoice(SettingsField& field, std::string_view first, const std::function<std::string(std::string_view)>& words);
    std::string deckWords(std::string_view value) const;
    void drawButtons(UiCommands& commands);
    void drawStatus() const;

    SettingsForm m_form;
    std::vector<deck::DeckInfo> m_decks;
    CardPreview m_preview;
    CardPreview m_backPreview;
    // What the last button said, worded as it is drawn (the language may change on Save).
    std::optional<SaveOutcome> m_saveOutcome;
    bool m_reloaded = false;
    float m_labelColumn = 0; // where the fields start, right of the widest label
    bool m_stacked = false;  // too narrow for a label column: each label above its field
    float m_footerHeight = 0; // the buttons and what Save said, as tall as they were last frame
    bool m_open = false;
    bool m_showSecrets = false; // the password field shows what is typed
};

} // namespace speed::client::ui
