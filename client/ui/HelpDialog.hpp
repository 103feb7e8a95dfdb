#pragma once

#include <string>

namespace speed::client::ui {

enum class HelpPage { HowToPlay, Lan, Keys, About };

// Help: how to play (the rules in short, with a drawn picture of the table), playing with a
// friend on the LAN, every key, and about (version, libraries).
class HelpDialog {
public:
    void open(HelpPage page = HelpPage::HowToPlay);
    bool isOpen() const { return m_open; }
    void close() { m_open = false; }
    void draw();
    // The families of the faces the window draws with, named on the About page.
    void setFontNames(std::string latin, std::string japanese);

private:
    void drawAbout() const;

    std::string m_latinFont;
    std::string m_japaneseFont;
    HelpPage m_page = HelpPage::HowToPlay;
    bool m_pageChosen = false; // select m_page's tab once after open()
    bool m_open = false;
};

} // namespace speed::client::ui
