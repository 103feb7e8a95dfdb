#include "ui/HelpDialog.hpp"

#include "speed/common/Version.hpp"
#include "ui/ImGuiText.hpp"
#include "ui/TableDiagram.hpp"

#include <imgui.h>

namespace speed::client::ui {
namespace {

void bullet(const char* text) {
    ImGui::Bullet();
    ImGui::TextWrapped("%s", text);
}

void drawHowToPlay() {
    ImGui::TextWrapped("Speed is a race: both players play at the same time, nobody waits for a turn. "
                       "Be the first to get rid of all your cards.");
    ImGui::Spacing();
    drawTableDiagram(ImGui::GetContentRegionAvail().x);
    ImGui::Spacing();
    bullet("Drag one of your face-up hand cards onto a field pile whose top is one rank above or below it "
                      "(K and A are neighbours; a joker goes on anything and anything goes on a joker).");
    bullet("A click plays the card on the first pile that takes it.");
    bullet("Refill an empty hand slot from your deck: drag the deck onto it, or click the slot or the deck.");
    bullet("When neither side can play, \"SPEED!\" shows and both decks turn a card onto the field.");
    bullet("The first to empty hand and deck wins. Only the piles where a card may go light up.");
}

void drawLan() {
    ImGui::TextWrapped("Two computers on the same network (the same Wi-Fi or wired LAN), each running Speed.");
    ImGui::Spacing();
    bullet("On the first computer choose \"Host a game\" on the start screen. It shows this computer's addresses "
           "(for example 192.168.1.20) and the UDP port (50001 unless setup.ini says otherwise). Read one out to "
           "your friend, or Copy it into a message.");
    bullet("On the second computer type that address into \"Join the host at\" and press Join (or Enter). "
           "The address is remembered as setup.ini's peer, so next time Join is already filled in.");
    bullet("Both computers must use the same port ([network] port in Settings). A different port is typed "
           "as address:port, e.g. 192.168.1.20:50002.");
    bullet("If Join waits and nobody answers: the host's firewall may drop UDP. Allow UDP on that port "
           "(for example: sudo ufw allow 50001/udp), or try the other address the host shows.");
    bullet("If the host says another program uses the port, close that program or pick another port in Settings "
           "on both computers.");
    bullet("A password in Settings ([network] password) keeps others on the network out: both must type the same one.");
    bullet("If a window closes or the network drops, the match waits for the other player to come back "
           "(the countdown shows how long); start Speed again to return to your seat.");
}

void keyRow(const char* keys, const char* meaning) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextColored(imColourVec(palette::kHeading), "%s", keys);
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", meaning);
}

void drawKeys() {
    if (!ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
    ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 9);
    ImGui::TableSetupColumn("does");
    keyRow("1 .. 8", "select a hand slot (its legal piles light up)");
    keyRow("Left / Right", "play the selected card on the left / right pile");
    keyRow("Up, Enter", "play it on the first pile that takes it");
    keyRow("D, Down, Space", "refill the first empty slot from your deck");
    keyRow("N", "next game, once this one is over (a click on the table too)");
    keyRow("P", "pause / resume");
    keyRow("Esc", "close the dialog on top; else drop the selection or the card being dragged");
    keyRow("R", "after a network match ended: connect again");
    keyRow("C / Esc", "while waiting for the other player: play the CPU instead / back to the start screen");
    keyRow("L", "show / hide the game log");
    keyRow("M", "sound on / off (setup.ini's [player] sound and volume say how it starts)");
    keyRow("F11", "fullscreen on / off (also Settings > Fullscreen)");
    keyRow("F1", "this help");
    keyRow("Ctrl+Q", "quit");
    keyRow("C / H / J", "start screen: play the CPU / host a game / type the address to join");
    keyRow("Tab, arrows, Space", "start screen and dialogs: move between the buttons and fields, press one");
    keyRow("Mouse", "drag a card past 4 px to carry it; release on a lit pile to play it");
    ImGui::EndTable();
    ImGui::TextWrapped("While you type in a dialog the keys go to the dialog, not to the table.");
}

void drawAbout() {
    plainText(std::string("speed ") + kVersion);
    ImGui::TextWrapped("Speed, the real-time two-player card game, over UDP. The table is drawn with SFML 2.5; "
                       "menus and dialogs with Dear ImGui %s; text in DejaVu Sans.", ImGui::GetVersion());
    ImGui::TextWrapped("Settings live in setup.ini (Settings menu); the message log shows every datagram of a "
                       "network match; Game > Network measurement times probes to the host.");
}

} // namespace

void HelpDialog::open(HelpPage page) {
    m_page = page;
    m_pageChosen = false;
    m_open = true;
}

void HelpDialog::draw() {
    if (!m_open) return;
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(display.x - 20, ImGui::GetFontSize() * 40), std::min(display.y - 40, ImGui::GetFontSize() * 38)),
                             ImGuiCond_Appearing);
    if (!ImGui::Begin("Help", &m_open, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
        ImGui::End();
        return;
    }
    if (ImGui::BeginTabBar("help")) {
        const struct { HelpPage page; const char* title; void (*drawPage)(); } pages[] = {
            {HelpPage::HowToPlay, "How to play", drawHowToPlay}, {HelpPage::Lan, "Play on the LAN", drawLan},
            {HelpPage::Keys, "Keys", drawKeys}, {HelpPage::About, "About", drawAbout}};
        for (const auto& page : pages) {
            const ImGuiTabItemFlags flags = !m_pageChosen && page.page == m_page ? ImGuiTabItemFlags_SetSelected : 0;
            if (ImGui::BeginTabItem(page.title, nullptr, flags)) {
                page.drawPage();
                ImGui::EndTabItem();
            }
        }
        m_pageChosen = true;
        ImGui::EndTabBar();
    }
    ImGui::End();
}

} // namespace speed::client::ui
