#pragma once

#include "ui/SettingsForm.hpp"
#include "ui/UiCommand.hpp"

#include <optional>
#include <string>

namespace speed::client::ui {

// Settings: a form for setup.ini. Each field is checked as it is typed (the message shows next
// to it, in red); Save writes the file back keeping its comments and says where it wrote.
class SettingsDialog {
public:
    explicit SettingsDialog(const std::string& configPath) : m_form(configPath) {}

    void open();
    bool isOpen() const { return m_open; }
    void close() { m_open = false; }
    // Draws the dialog while it is open; a successful save yields SettingsSaved.
    void draw(UiCommands& commands);

private:
    void drawSection(std::string_view section);
    void drawField(SettingsField& field);
    void drawButtons(UiCommands& commands);
    void drawStatus() const;

    SettingsForm m_form;
    // What the last button said, worded as it is drawn (the language may change on Save).
    std::optional<SaveOutcome> m_saveOutcome;
    bool m_reloaded = false;
    float m_labelColumn = 0; // where the fields start, right of the widest label
    bool m_open = false;
    bool m_showSecrets = false; // the password field shows what is typed
};

} // namespace speed::client::ui
