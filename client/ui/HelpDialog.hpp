#pragma once

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

private:
    HelpPage m_page = HelpPage::HowToPlay;
    bool m_pageChosen = false; // select m_page's tab once after open()
    bool m_open = false;
};

} // namespace speed::client::ui
