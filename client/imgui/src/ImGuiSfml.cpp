#include "speed/imgui/ImGuiSfml.hpp"
#include "speed/imgui/FontMetrics.hpp"

#include "speed/common/Fnv.hpp"

#include <SFML/Graphics/Texture.hpp>
#include <SFML/Window/Clipboard.hpp>
#include <imgui.h>
#include <backends/imgui_impl_opengl2.h>

#include <algorithm>
#include <fstream>
#include <optional>
#include <stdexcept>

namespace speed::ui {
namespace {

int mouseButtonIndex(sf::Mouse::Button button) {
    switch (button) {
    case sf::Mouse::Left: return 0;
    case sf::Mouse::Right: return 1;
    case sf::Mouse::Middle: return 2;
    case sf::Mouse::XButton1: return 3;
    case sf::Mouse::XButton2: return 4;
    default: return -1;
    }
}

void feedKey(ImGuiIO& io, const sf::Event::KeyEvent& key, bool down) {
    if (key.code >= 0 && key.code < sf::Keyboard::KeyCount) io.KeysDown[key.code] = down;
    io.KeyCtrl = key.control;
    io.KeyShift = key.shift;
    io.KeyAlt = key.alt;
    io.KeySuper = key.system;
}

// ImGui keeps the returned pointer only until the next call, so one buffer is enough.
const char* clipboardText(void*) {
    static std::string text;
    text = sf::Clipboard::getString().toAnsiString();
    return text.c_str();
}

void setClipboardText(void*, const char* text) { sf::Clipboard::setString(text); }

// Whether `event` is input ImGui takes (feedEvent's answer): the mouse, keys, text but control
// characters, focus and size.
bool isInput(const sf::Event& event) {
    switch (event.type) {
    case sf::Event::MouseButtonPressed:
    case sf::Event::MouseButtonReleased: return mouseButtonIndex(event.mouseButton.button) >= 0;
    case sf::Event::TextEntered: return event.text.unicode >= 0x20 && event.text.unicode != 0x7f;
    case sf::Event::MouseMoved:
    case sf::Event::MouseWheelScrolled:
    case sf::Event::MouseLeft:
    case sf::Event::KeyPressed:
    case sf::Event::KeyReleased:
    case sf::Event::GainedFocus:
    case sf::Event::LostFocus:
    case sf::Event::Resized: return true;
    default: return false;
    }
}

} // namespace

void configureKeyMap(ImGuiIO& io) {
    io.KeyMap[ImGuiKey_Tab] = sf::Keyboard::Tab;
    io.KeyMap[ImGuiKey_LeftArrow] = sf::Keyboard::Left;
    io.KeyMap[ImGuiKey_RightArrow] = sf::Keyboard::Right;
    io.KeyMap[ImGuiKey_UpArrow] = sf::Keyboard::Up;
    io.KeyMap[ImGuiKey_DownArrow] = sf::Keyboard::Down;
    io.KeyMap[ImGuiKey_PageUp] = sf::Keyboard::PageUp;
    io.KeyMap[ImGuiKey_PageDown] = sf::Keyboard::PageDown;
    io.KeyMap[ImGuiKey_Home] = sf::Keyboard::Home;
    io.KeyMap[ImGuiKey_End] = sf::Keyboard::End;
    io.KeyMap[ImGuiKey_Insert] = sf::Keyboard::Insert;
    io.KeyMap[ImGuiKey_Delete] = sf::Keyboard::Delete;
    io.KeyMap[ImGuiKey_Backspace] = sf::Keyboard::Backspace;
    io.KeyMap[ImGuiKey_Space] = sf::Keyboard::Space;
    io.KeyMap[ImGuiKey_Enter] = sf::Keyboard::Enter;
    io.KeyMap[ImGuiKey_Escape] = sf::Keyboard::Escape;
    io.KeyMap[ImGuiKey_KeyPadEnter] = sf::Keyboard::Enter; // SFML 2.5 has no separate keypad Enter
    io.KeyMap[ImGuiKey_A] = sf::Keyboard::A;
    io.KeyMap[ImGuiKey_C] = sf::Keyboard::C;
    io.KeyMap[ImGuiKey_V] = sf::Keyboard::V;
    io.KeyMap[ImGuiKey_X] = sf::Keyboard::X;
    io.KeyMap[ImGuiKey_Y] = sf::Keyboard::Y;
    io.KeyMap[ImGuiKey_Z] = sf::Keyboard::Z;
}

bool feedEvent(ImGuiIO& io, const sf::Event& event) {
    if (!isInput(event)) return false;
    switch (event.type) {
    case sf::Event::MouseMoved:
        io.MousePos = ImVec2(static_cast<float>(event.mouseMove.x), static_cast<float>(event.mouseMove.y));
        break;
    case sf::Event::MouseButtonPressed:
    case sf::Event::MouseButtonReleased:
        io.MousePos = ImVec2(static_cast<float>(event.mouseButton.x), static_cast<float>(event.mouseButton.y));
        io.MouseDown[mouseButtonIndex(event.mouseButton.button)] = event.type == sf::Event::MouseButtonPressed;
        break;
    case sf::Event::MouseWheelScrolled:
        if (event.mouseWheelScroll.wheel == sf::Mouse::VerticalWheel) io.MouseWheel += event.mouseWheelScroll.delta;
        else io.MouseWheelH += event.mouseWheelScroll.delta;
        break;
    case sf::Event::MouseLeft: io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX); break;
    case sf::Event::KeyPressed:
    case sf::Event::KeyReleased: feedKey(io, event.key, event.type == sf::Event::KeyPressed); break;
    case sf::Event::TextEntered: io.AddInputCharacter(event.text.unicode); break;
    case sf::Event::GainedFocus:
    case sf::Event::LostFocus: io.AddFocusEvent(event.type == sf::Event::GainedFocus); break;
    case sf::Event::Resized:
        io.DisplaySize = ImVec2(static_cast<float>(event.size.width), static_cast<float>(event.size.height));
        break;
    default: break;
    }
    return true;
}

bool InputFeed::feed(ImGuiIO& io, const sf::Event& event) {
    if (m_queue.empty() && firstChangeThisFrame(event)) return feedEvent(io, event);
    // After it, or changing again what no frame has seen change yet: for a later frame.
    if (!isInput(event)) return false;
    m_queue.push_back(event);
    return true;
}

// Notes what `event` changes, unless it changes a key or button that already changed since the
// last NewFrame: then false, and nothing is noted.
bool InputFeed::firstChangeThisFrame(const sf::Event& event) {
    switch (event.type) {
    case sf::Event::KeyPressed:
    case sf::Event::KeyReleased: {
        const int code = event.key.code;
        if (code < 0 || code >= sf::Keyboard::KeyCount) return true;
        if (m_keysChanged.test(static_cast<std::size_t>(code))) return false;
        m_keysChanged.set(static_cast<std::size_t>(code));
        return true;
    }
    case sf::Event::MouseButtonPressed:
    case sf::Event::MouseButtonReleased: {
        const int index = mouseButtonIndex(event.mouseButton.button);
        if (index < 0) return true;
        if (m_buttonsChanged.test(static_cast<std::size_t>(index))) return false;
        m_buttonsChanged.set(static_cast<std::size_t>(index));
        return true;
    }
    default:
        return true;
    }
}

void InputFeed::frameStarting(ImGuiIO& io) {
    // What waited goes in, as far as it changes nothing the coming frame would see change twice.
    while (!m_queue.empty() && firstChangeThisFrame(m_queue.front())) {
        feedEvent(io, m_queue.front());
        m_queue.pop_front();
    }
}

void InputFeed::frameStarted() {
    // The frame saw every change so far: each key and button may change once more.
    m_keysChanged.reset();
    m_buttonsChanged.reset();
}

// Latin-1 and the few symbols the window writes: dashes, the ellipsis, arrows, card suits.
static const ImWchar kGlyphs[] = {0x0020, 0x00FF, 0x2010, 0x2027, 0x2190, 0x2199, 0x2660, 0x2667, 0};

// ImGui asserts on a font file it cannot open; this asks first.
static bool readable(const std::string& path) { return !path.empty() && std::ifstream(path, std::ios::binary).good(); }

FontsAdded addFonts(ImFontAtlas& atlas, const ImGuiFonts& fonts, float fontSizePx, std::vector<unsigned short>& japaneseRanges) {
    FontsAdded added;
    atlas.Clear();
    if (fonts.latin.empty()) {
        atlas.AddFontDefault();
    } else if (!readable(fonts.latin) || atlas.AddFontFromFileTTF(fonts.latin.c_str(), fontSizePx, nullptr, kGlyphs) == nullptr) {
        return added;
    }
    added.latin = true;
    if (readable(fonts.japanese)) {
        // The ranges depend on the text alone: built at the first load, kept (the atlas reads
        // them whenever it is built again at another size).
        if (japaneseRanges.empty()) {
            ImFontGlyphRangesBuilder builder;
            builder.AddRanges(atlas.GetGlyphRangesJapanese());
            builder.AddText(fonts.japaneseText.c_str());
            ImVector<ImWchar> ranges;
            builder.BuildRanges(&ranges);
            static_assert(sizeof(ImWchar) == sizeof(unsigned short));
            japaneseRanges.assign(ranges.begin(), ranges.end());
        }
        ImFontConfig merge;
        merge.MergeMode = true; // into the Latin font: one font, Latin glyphs from DejaVu
        merge.OversampleH = 1;  // CJK glyphs are dense: no horizontal oversampling, a smaller atlas
        // The kana and kanji on the same em as the Latin letters beside them.
        const float japaneseSizePx = mergedSizePx(fontSizePx, fonts.latin.empty() ? std::nullopt : emShareOfHeight(fonts.latin),
                                                  emShareOfHeight(fonts.japanese));
        added.japanese = atlas.AddFontFromFileTTF(fonts.japanese.c_str(), japaneseSizePx, &merge, japaneseRanges.data()) != nullptr;
    }
    return added;
}

bool ImGuiLayer::loadFont(float fontSizePx) {
    const FontsAdded added = addFonts(*ImGui::GetIO().Fonts, m_fonts, fontSizePx, m_japaneseRanges);
    if (!added.latin) return false;
    m_japaneseLoaded = added.japanese;
    m_fontSizePx = fontSizePx;
    return true;
}

bool ImGuiLayer::setSize(float fontSizePx, float styleScale) {
    ImGui::SetCurrentContext(m_context);
    if (fontSizePx == m_fontSizePx) return true;
    if (!m_baseStyle) m_baseStyle = std::make_unique<ImGuiStyle>(ImGui::GetStyle());
    const float previous = m_fontSizePx;
    m_window.setActive(true);
    ImGui_ImplOpenGL2_DestroyFontsTexture();
    const bool loaded = loadFont(fontSizePx);
    if (!loaded) loadFont(previous);
    ImGui_ImplOpenGL2_CreateFontsTexture();
    if (!loaded) return false;
    ImGuiStyle style = *m_baseStyle;
    style.ScaleAllSizes(styleScale);
    ImGui::GetStyle() = style;
    return true;
}

ImGuiLayer::ImGuiLayer(sf::RenderWindow& window, ImGuiFonts fonts, float fontSizePx)
    : m_window(window), m_context(ImGui::CreateContext()), m_fonts(std::move(fonts)) {
    ImGui::SetCurrentContext(m_context);
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr; // window placement is not worth a file beside setup.ini
    io.BackendPlatformName = "speed_sfml";
    io.GetClipboardTextFn = clipboardText;
    io.SetClipboardTextFn = setClipboardText;
    configureKeyMap(io);
    if (!loadFont(fontSizePx)) {
        ImGui::DestroyContext(m_context);
        throw std::runtime_error("cannot load the font " + m_fonts.latin);
    }
    const sf::Vector2u size = window.getSize();
    io.DisplaySize = ImVec2(static_cast<float>(size.x), static_cast<float>(size.y));
    window.setActive(true);
    ImGui_ImplOpenGL2_Init();
}

ImGuiLayer::~ImGuiLayer() {
    ImGui::SetCurrentContext(m_context);
    ImGui_ImplOpenGL2_Shutdown();
    ImGui::DestroyContext(m_context);
}

void ImGuiLayer::processEvent(const sf::Event& event) {
    ImGui::SetCurrentContext(m_context);
    m_input.feed(ImGui::GetIO(), event);
}

void ImGuiLayer::beginFrame(sf::Time sinceLastFrame) {
    ImGui::SetCurrentContext(m_context);
    ImGuiIO& io = ImGui::GetIO();
    const sf::Vector2u size = m_window.getSize();
    io.DisplaySize = ImVec2(static_cast<float>(size.x), static_cast<float>(size.y));
    io.DeltaTime = sinceLastFrame > sf::Time::Zero ? sinceLastFrame.asSeconds() : 1.0f / 60.0f;
    ImGui_ImplOpenGL2_NewFrame();
    m_input.frameStarting(io);
    ImGui::NewFrame();
    m_input.frameStarted();
}

namespace {

// The box a draw list may paint: its commands' clip rectangles (the backend scissors to them),
// within the display.
std::optional<sf::FloatRect> listBox(const ImDrawList& list, const ImVec2& display) {
    float left = display.x;
    float top = display.y;
    float right = 0;
    float bottom = 0;
    for (const ImDrawCmd& command : list.CmdBuffer) {
        if (command.ElemCount == 0 || command.UserCallback != nullptr) continue;
        left = std::min(left, std::max(0.0f, command.ClipRect.x));
        top = std::min(top, std::max(0.0f, command.ClipRect.y));
        right = std::max(right, std::min(display.x, command.ClipRect.z));
        bottom = std::max(bottom, std::min(display.y, command.ClipRect.w));
    }
    if (right <= left || bottom <= top) return std::nullopt;
    return sf::FloatRect(left, top, right - left, bottom - top);
}

} // namespace

void ImGuiLayer::finishFrame() {
    ImGui::SetCurrentContext(m_context);
    ImGui::Render();
    m_popupOpen = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
    m_drawn.clear();
    const ImDrawData* data = ImGui::GetDrawData();
    if (data == nullptr) return;
    for (int n = 0; n < data->CmdListsCount; ++n) {
        const ImDrawList& list = *data->CmdLists[n];
        const std::optional<sf::FloatRect> box = listBox(list, data->DisplaySize);
        if (!box) continue;
        // A change in any vertex, index or command changes the digest.
        std::uint64_t digest = speed::kFnvBasis;
        digest = speed::fnv1a(list.VtxBuffer.Data, static_cast<std::size_t>(list.VtxBuffer.Size) * sizeof(ImDrawVert), digest);
        digest = speed::fnv1a(list.IdxBuffer.Data, static_cast<std::size_t>(list.IdxBuffer.Size) * sizeof(ImDrawIdx), digest);
        for (const ImDrawCmd& command : list.CmdBuffer) {
            digest = speed::fnv1a(&command.ClipRect, sizeof(command.ClipRect), digest);
            digest = speed::fnv1a(&command.TextureId, sizeof(command.TextureId), digest);
            digest = speed::fnv1a(&command.ElemCount, sizeof(command.ElemCount), digest);
            digest = speed::fnv1a(&command.IdxOffset, sizeof(command.IdxOffset), digest);
            digest = speed::fnv1a(&command.VtxOffset, sizeof(command.VtxOffset), digest);
        }
        m_drawn.push_back({*box, digest});
    }
}

void ImGuiLayer::render(sf::RenderTarget& target, const std::vector<sf::FloatRect>* clips) {
    ImGui::SetCurrentContext(m_context);
    ImDrawData* data = ImGui::GetDrawData();
    if (data == nullptr || !data->Valid) return;
    target.setActive(true);
    // SFML leaves a GL_TEXTURE matrix that scales pixel coordinates; ImGui's OpenGL2 backend
    // sets projection and model-view only, so without this every glyph samples the atlas corner.
    sf::Texture::bind(nullptr);
    if (clips == nullptr) {
        ImGui_ImplOpenGL2_RenderDrawData(data);
    } else {
        // Each box in turn: the lists that reach into it, their clip rectangles cut to it (the
        // backend skips a command whose rectangle comes out empty).
        std::vector<std::optional<sf::FloatRect>> listBoxes;
        for (int n = 0; n < data->CmdListsCount; ++n) listBoxes.push_back(listBox(*data->CmdLists[n], data->DisplaySize));
        std::vector<ImDrawList*> lists;
        std::vector<ImVec4> kept;
        for (const sf::FloatRect& clip : *clips) {
            lists.clear();
            for (int n = 0; n < data->CmdListsCount; ++n) {
                const std::optional<sf::FloatRect>& box = listBoxes[static_cast<std::size_t>(n)];
                if (box && box->intersects(clip)) lists.push_back(data->CmdLists[n]);
            }
            if (lists.empty()) continue;
            kept.clear();
            for (ImDrawList* list : lists) {
                for (ImDrawCmd& command : list->CmdBuffer) {
                    kept.push_back(command.ClipRect);
                    command.ClipRect = ImVec4(std::max(command.ClipRect.x, clip.left), std::max(command.ClipRect.y, clip.top),
                                              std::min(command.ClipRect.z, clip.left + clip.width),
                                              std::min(command.ClipRect.w, clip.top + clip.height));
                }
            }
            ImDrawData part = *data;
            part.CmdLists = lists.data();
            part.CmdListsCount = static_cast<int>(lists.size());
            ImGui_ImplOpenGL2_RenderDrawData(&part);
            std::size_t next = 0;
            for (ImDrawList* list : lists) {
                for (ImDrawCmd& command : list->CmdBuffer) command.ClipRect = kept[next++];
            }
        }
    }
    target.resetGLStates(); // hand SFML back the GL state it expects
}

std::vector<sf::FloatRect> ImGuiLayer::changedBoxes(const std::vector<DrawnArea>& before, const std::vector<DrawnArea>& after) {
    std::vector<sf::FloatRect> boxes;
    const auto unmatched = [&boxes](const std::vector<DrawnArea>& from, const std::vector<DrawnArea>& in) {
        for (const DrawnArea& area : from) {
            if (std::find(in.begin(), in.end(), area) == in.end()) boxes.push_back(area.box);
        }
    };
    unmatched(before, after);
    unmatched(after, before);
    return boxes;
}

bool ImGuiLayer::covers(float x, float y) const {
    return std::any_of(m_drawn.begin(), m_drawn.end(), [&](const DrawnArea& area) { return area.box.contains(x, y); });
}

bool ImGuiLayer::wantsMouse() const { return ImGui::GetIO().WantCaptureMouse; }
bool ImGuiLayer::wantsKeyboard() const { return ImGui::GetIO().WantCaptureKeyboard; }

} // namespace speed::ui
