#pragma once

#include "speed/settings/Settings.hpp"

#include <optional>

namespace speed::client::ui {

// setup.ini could not be read: the window opens anyway, with the defaults, and this dialog says
// which file, line and key are wrong and what is expected. "Use defaults for now" closes it
// (the file is left as it is); "Open Settings" opens the Settings form on that file.
class ConfigProblemDialog {
public:
    void open(SettingsError problem);
    bool isOpen() const { return m_problem.has_value(); }
    void close() { m_problem.reset(); }

    enum class Choice { None, UseDefaults, OpenSettings };
    Choice draw();

private:
    std::optional<SettingsError> m_problem;
    bool m_focusFirst = false;
};

} // namespace speed::client::ui
