#pragma once

// A small SFML platform adapter for Dear ImGui 1.86 (Debian's libimgui-dev), rendering with the
// library's own OpenGL2 backend. SFML draws the table; ImGui draws menus and dialogs on top.

#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/System/Time.hpp>
#include <SFML/Window/Event.hpp>

#include <bitset>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

struct ImFontAtlas;
struct ImGuiIO;
struct ImGuiContext;
struct ImGuiStyle;

namespace speed::ui {

// Points ImGui's navigation keys at SFML key codes (1.86 indexes io.KeysDown by our codes).
void configureKeyMap(ImGuiIO& io);

// Translates one SFML event into ImGui's input state. Pure apart from `io`: unit-tested.
// Returns true when the event is input ImGui cares about (mouse, keys, text, focus, size).
bool feedEvent(ImGuiIO& io, const sf::Event& event);

// ImGui 1.86 reads keys and mouse buttons as states, once a frame (in NewFrame): a press and its
// release that both come between two frames (a quick tap while a frame is slow, on a loaded
// machine) would never be seen, and the key or click would be lost; two taps would be one. This
// feeds events as feedEvent does, but an event that would change a key or button a second time
// before a NewFrame has seen the first change waits, with every event after it (their order
// kept: typed text stays behind the keys before it), for the frames after. Call frameStarting
// right before each ImGui::NewFrame and frameStarted right after it, and draw frames while
// waiting() says events wait.
class InputFeed {
public:
    bool feed(ImGuiIO& io, const sf::Event& event);
    void frameStarting(ImGuiIO& io);
    void frameStarted();
    bool waiting() const { return !m_queue.empty(); }

private:
    bool firstChangeThisFrame(const sf::Event& event);

    std::bitset<sf::Keyboard::KeyCount> m_keysChanged; // since the last NewFrame
    std::bitset<sf::Mouse::ButtonCount> m_buttonsChanged;
    std::deque<sf::Event> m_queue; // what waits for a later frame, in the order it came
};

// Owns an ImGui context bound to one window. Create it after the window (its GL context must
// exist); call processEvent for every event, beginFrame before building widgets, finishFrame
// after them, and render (as often as needed) after SFML has drawn the table, before display().
// The fonts ImGui draws with: `latin` (e.g. DejaVuSans) for Latin-1 and a few symbols, and
// `japanese` (e.g. IPAGothic) merged in for kana, the common kanji and full-width forms, plus
// every character of `japaneseText` (the window's own Japanese words, whatever kanji they use).
struct ImGuiFonts {
    std::string latin;    // empty: ImGui's built-in font
    std::string japanese; // empty or unreadable: no Japanese glyphs (japaneseLoaded() says so)
    std::string japaneseText;
};

// The faces that went into an atlas.
struct FontsAdded {
    bool latin = false;    // the Latin face (or ImGui's built-in one) is in
    bool japanese = false; // the Japanese face is merged into it
};

// Fills `atlas` (cleared first) with `fonts` at `fontSizePx`, the Japanese face merged on the
// same em. `japaneseRanges` keeps the glyph ranges the atlas reads (built at the first call; the
// caller keeps it alive with the atlas). No GL: a test measures text with the window's own faces.
FontsAdded addFonts(ImFontAtlas& atlas, const ImGuiFonts& fonts, float fontSizePx, std::vector<unsigned short>& japaneseRanges);

class ImGuiLayer {
public:
    // Throws std::runtime_error naming the file when the Latin font cannot be loaded; a missing
    // Japanese font only leaves its glyphs out.
    ImGuiLayer(sf::RenderWindow& window, ImGuiFonts fonts, float fontSizePx);
    ~ImGuiLayer();
    ImGuiLayer(const ImGuiLayer&) = delete;
    ImGuiLayer& operator=(const ImGuiLayer&) = delete;

    // Draws the text at another size from the next frame on: the font is rasterized again at
    // that size (sharp, unlike a stretched atlas) and the style's sizes (padding, spacing,
    // rounding) are scaled by `styleScale` from the style as it was at the first call (the
    // program's own style at scale 1). Between frames only. False when the
    // font file could not be loaded again (the old size stays).
    bool setSize(float fontSizePx, float styleScale);
    float fontSizePx() const { return m_fontSizePx; }
    // The Japanese font is merged into the atlas: the window may show Japanese.
    bool japaneseLoaded() const { return m_japaneseLoaded; }

    void processEvent(const sf::Event& event);
    // Input waits for a later frame (see InputFeed): draw one soon.
    bool inputWaiting() const { return m_input.waiting(); }
    void beginFrame(sf::Time sinceLastFrame);
    // Ends the frame without drawing it: render() draws it, as often as needed, until the next
    // beginFrame().
    void finishFrame();
    // The last finished frame into `target`; with `clips`, only inside those boxes (what lies
    // outside is left as it is).
    void render(sf::RenderTarget& target, const std::vector<sf::FloatRect>* clips = nullptr);
    void renderOnWindow() { render(m_window); }

    // Where the last finished frame drew: a box per draw list (a window, a popup, the menu
    // bar), with a digest of everything the list drew.
    struct DrawnArea {
        sf::FloatRect box;
        std::uint64_t digest = 0;
        bool operator==(const DrawnArea& other) const { return box == other.box && digest == other.digest; }
    };
    const std::vector<DrawnArea>& drawnAreas() const { return m_drawn; }
    // The boxes where `after` may look different from `before`: those of the areas that are
    // not in both, drawn alike.
    static std::vector<sf::FloatRect> changedBoxes(const std::vector<DrawnArea>& before, const std::vector<DrawnArea>& after);
    // The point lies on something the last frame drew (a menu, a dialog, the log pane).
    bool covers(float x, float y) const;
    // A popup (an open menu) is up: a click anywhere is the menus' (outside, it closes it).
    bool popupOpen() const { return m_popupOpen; }

    // While these are true the event belongs to a menu or dialog, not to the table.
    bool wantsMouse() const;
    bool wantsKeyboard() const;

private:
    bool loadFont(float fontSizePx);

    sf::RenderWindow& m_window;
    ImGuiContext* m_context = nullptr;
    ImGuiFonts m_fonts;
    bool m_japaneseLoaded = false;
    std::vector<unsigned short> m_japaneseRanges; // ImWchar pairs, built once, alive with the atlas
    float m_fontSizePx = 0;
    std::unique_ptr<ImGuiStyle> m_baseStyle; // the style at scale 1, what setSize() scales
    InputFeed m_input;
    std::vector<DrawnArea> m_drawn;
    bool m_popupOpen = false;
};

} // namespace speed::ui
