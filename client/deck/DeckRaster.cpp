#include "deck/DeckRaster.hpp"

#include <librsvg/rsvg.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <optional>

namespace speed::client::deck {
namespace {

struct HandleFree {
    void operator()(RsvgHandle* handle) const { g_object_unref(handle); }
};
struct SurfaceFree {
    void operator()(cairo_surface_t* surface) const { cairo_surface_destroy(surface); }
};
struct ContextFree {
    void operator()(cairo_t* context) const { cairo_destroy(context); }
};
using Handle = std::unique_ptr<RsvgHandle, HandleFree>;
using Surface = std::unique_ptr<cairo_surface_t, SurfaceFree>;
using Context = std::unique_ptr<cairo_t, ContextFree>;

std::string takeError(GError* error) {
    std::string text = error != nullptr && error->message != nullptr ? error->message : "unknown error";
    if (error != nullptr) g_error_free(error);
    // One line for the log and the game log: libxml2's messages end with a line break.
    std::replace(text.begin(), text.end(), '\n', ' ');
    while (!text.empty() && text.back() == ' ') text.pop_back();
    return text;
}

constexpr std::array<const char*, 13> kRankWords{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"};

const char* suitWord(Suit suit) {
    switch (suit) {
    case Suit::Spade: return "spade";
    case Suit::Heart: return "heart";
    case Suit::Club: return "club";
    case Suit::Diamond: return "diamond";
    case Suit::Joker: break;
    }
    return "joker";
}

// The document's size in its own units: its width and height, else its viewBox.
std::optional<RsvgRectangle> documentSize(RsvgHandle* handle) {
    gdouble width = 0;
    gdouble height = 0;
    if (rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) && width > 0 && height > 0) {
        return RsvgRectangle{0, 0, width, height};
    }
    gboolean hasWidth = FALSE;
    gboolean hasHeight = FALSE;
    gboolean hasViewBox = FALSE;
    RsvgLength lengthW{};
    RsvgLength lengthH{};
    RsvgRectangle viewBox{};
    rsvg_handle_get_intrinsic_dimensions(handle, &hasWidth, &lengthW, &hasHeight, &lengthH, &hasViewBox, &viewBox);
    if (hasViewBox && viewBox.width > 0 && viewBox.height > 0) return RsvgRectangle{0, 0, viewBox.width, viewBox.height};
    return std::nullopt;
}

Surface newSurface(int width, int height) {
    Surface surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height));
    if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) return nullptr;
    return surface;
}

// One row of Cairo's premultiplied native-endian ARGB as straight RGBA.
void rowToRgba(const std::uint32_t* row, int width, std::uint8_t* out) {
    for (int x = 0; x < width; ++x, out += 4) {
        const std::uint32_t pixel = row[x];
        const std::uint32_t alpha = pixel >> 24;
        const auto unpremultiply = [alpha](std::uint32_t channel) {
            return static_cast<std::uint8_t>(alpha == 0 ? 0 : std::min<std::uint32_t>(255, (channel * 255 + alpha / 2) / alpha));
        };
        out[0] = unpremultiply((pixel >> 16) & 0xFF);
        out[1] = unpremultiply((pixel >> 8) & 0xFF);
        out[2] = unpremultiply(pixel & 0xFF);
        out[3] = static_cast<std::uint8_t>(alpha);
    }
}

// Cairo's premultiplied native-endian ARGB to straight RGBA, one card at a time into its cell.
void copyCard(cairo_surface_t* source, int sourceX, int sourceY, DeckImage& image, AtlasCell cell) {
    cairo_surface_flush(source);
    const unsigned char* data = cairo_image_surface_get_data(source);
    const int stride = cairo_image_surface_get_stride(source);
    const PixelRect to = image.rectOf(cell);
    const int atlasWidth = image.atlasWidth();
    for (int y = 0; y < to.height; ++y) {
        const auto* row = reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(sourceY + y) * stride) + sourceX;
        std::uint8_t* out = image.rgba.data() + (static_cast<std::size_t>(to.top + y) * static_cast<std::size_t>(atlasWidth) +
                                                 static_cast<std::size_t>(to.left)) * 4;
        rowToRgba(row, to.width, out);
    }
}

void startImage(DeckImage& image, PixelRect card) {
    image.cardWidth = card.width;
    image.cardHeight = card.height;
    image.rgba.assign(image.byteCount(), 0);
}

// Aisleriot: the document is the grid, so one drawing of it at the card size gives every card.
DeckRender renderGrid(RsvgHandle* handle, RsvgRectangle document, int slotWidth, int slotHeight) {
    DeckRender result;
    constexpr int kGridColumns = 13;
    constexpr int kGridRows = 5;
    const double cellWidth = document.width / kGridColumns;
    const double cellHeight = document.height / kGridRows;
    const PixelRect card = fitCard(slotWidth, slotHeight, cellHeight / cellWidth);
    Surface surface = newSurface(card.width * kGridColumns, card.height * kGridRows);
    if (!surface) return {{}, "cannot make a picture of its size"};
    Context context(cairo_create(surface.get()));
    // Stretched to whole pixels per cell, so that each card starts on a pixel of its own.
    cairo_scale(context.get(), card.width / cellWidth, card.height / cellHeight);
    GError* error = nullptr;
    if (!rsvg_handle_render_document(handle, context.get(), &document, &error)) return {{}, takeError(error)};
    startImage(result.image, card);
    // The grid's rows: clubs, diamonds, hearts, spades; then the black joker, the red one, the back.
    constexpr std::array<Suit, 4> kGridSuits{Suit::Club, Suit::Diamond, Suit::Heart, Suit::Spade};
    for (int row = 0; row < 4; ++row) {
        for (int rank = 1; rank <= 13; ++rank) {
            copyCard(surface.get(), (rank - 1) * card.width, row * card.height, result.image,
                     cellOf(Card::of(kGridSuits[static_cast<std::size_t>(row)], rank)));
        }
    }
    copyCard(surface.get(), 1 * card.width, 4 * card.height, result.image, cellOf(Card::fromIndex(Card::kDistinctCodes - 1)));
    copyCard(surface.get(), 2 * card.width, 4 * card.height, result.image, backCell());
    return result;
}

// KDE: one element per card, each drawn so that its bounds fill its cell.
DeckRender renderElements(RsvgHandle* handle, RsvgRectangle document, int slotWidth, int slotHeight) {
    DeckRender result;
    const auto boundsOf = [&](const std::string& id) -> std::optional<RsvgRectangle> {
        if (!rsvg_handle_has_sub(handle, id.c_str())) return std::nullopt;
        RsvgRectangle ink{};
        RsvgRectangle logical{};
        GError* error = nullptr;
        if (!rsvg_handle_get_geometry_for_layer(handle, id.c_str(), &document, &ink, &logical, &error)) {
            takeError(error);
            return std::nullopt;
        }
        if (logical.width <= 0 || logical.height <= 0) return std::nullopt;
        return logical;
    };
    const std::optional<RsvgRectangle> back = boundsOf("#back");
    if (!back) return {{}, "it has no card back (#back)"};
    const PixelRect card = fitCard(slotWidth, slotHeight, back->height / back->width);
    Surface surface = newSurface(card.width, card.height);
    if (!surface) return {{}, "cannot make a picture of its size"};
    startImage(result.image, card);
    const auto draw = [&](const std::string& id, AtlasCell cell) {
        const std::optional<RsvgRectangle> bounds = boundsOf(id);
        if (!bounds) return false;
        Context context(cairo_create(surface.get()));
        cairo_set_operator(context.get(), CAIRO_OPERATOR_CLEAR);
        cairo_paint(context.get());
        cairo_set_operator(context.get(), CAIRO_OPERATOR_OVER);
        cairo_scale(context.get(), card.width / bounds->width, card.height / bounds->height);
        cairo_translate(context.get(), -bounds->x, -bounds->y);
        GError* error = nullptr;
        if (!rsvg_handle_render_layer(handle, context.get(), id.c_str(), &document, &error)) {
            takeError(error);
            return false;
        }
        copyCard(surface.get(), 0, 0, result.image, cell);
        return true;
    };
    for (const Suit suit : {Suit::Spade, Suit::Heart, Suit::Club, Suit::Diamond}) {
        for (int rank = 1; rank <= 13; ++rank) {
            const std::string id = std::string("#") + kRankWords[static_cast<std::size_t>(rank - 1)] + "_" + suitWord(suit);
            if (!draw(id, cellOf(Card::of(suit, rank)))) return {{}, "it has no " + id.substr(1)};
        }
    }
    draw("#back", backCell());
    const AtlasCell joker = cellOf(Card::fromIndex(Card::kDistinctCodes - 1));
    if (!draw("#red_joker", joker) && !draw("#black_joker", joker)) {
        result.image.missing[static_cast<std::size_t>(slotOf(joker))] = true;
    }
    return result;
}

} // namespace

PixelRect fitCard(int slotWidth, int slotHeight, double aspect) {
    const int width = std::max(1, slotWidth);
    const int height = std::max(1, slotHeight);
    if (!(aspect > 0) || !std::isfinite(aspect)) return {0, 0, width, height};
    if (static_cast<double>(height) / width < aspect) { // a taller card: the height decides
        return {0, 0, std::max(1, static_cast<int>(std::lround(height / aspect))), height};
    }
    return {0, 0, width, std::max(1, static_cast<int>(std::lround(width * aspect)))};
}

SvgPicture drawSvg(std::string_view document, int width, int height) {
    SvgPicture picture;
    GError* error = nullptr;
    const Handle handle(rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(document.data()), document.size(), &error));
    if (!handle) return {0, 0, {}, "cannot read the picture: " + takeError(error)};
    const std::optional<RsvgRectangle> size = documentSize(handle.get());
    if (!size) return {0, 0, {}, "the picture has no size"};
    Surface surface = newSurface(std::max(1, width), std::max(1, height));
    if (!surface) return {0, 0, {}, "cannot make a picture of its size"};
    Context context(cairo_create(surface.get()));
    const RsvgRectangle viewport{0, 0, static_cast<double>(std::max(1, width)), static_cast<double>(std::max(1, height))};
    if (!rsvg_handle_render_document(handle.get(), context.get(), &viewport, &error)) return {0, 0, {}, takeError(error)};
    cairo_surface_flush(surface.get());
    picture.width = std::max(1, width);
    picture.height = std::max(1, height);
    picture.rgba.assign(static_cast<std::size_t>(picture.width) * static_cast<std::size_t>(picture.height) * 4, 0);
    const unsigned char* data = cairo_image_surface_get_data(surface.get());
    const int stride = cairo_image_surface_get_stride(surface.get());
    for (int y = 0; y < picture.height; ++y) {
        rowToRgba(reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride), picture.width,
                  picture.rgba.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(picture.width) * 4);
    }
    return picture;
}

DeckRender renderDeck(const DeckInfo& deck, int slotWidth, int slotHeight) {
    GError* error = nullptr;
    const Handle handle(rsvg_handle_new_from_file(deck.file.c_str(), &error));
    if (!handle) return {{}, "cannot read " + deck.file.string() + ": " + takeError(error)};
    const std::optional<RsvgRectangle> document = documentSize(handle.get());
    if (!document) return {{}, deck.file.string() + " has no size"};
    DeckRender result = deck.family == DeckFamily::Aisleriot ? renderGrid(handle.get(), *document, slotWidth, slotHeight)
                                                             : renderElements(handle.get(), *document, slotWidth, slotHeight);
    if (!result.error.empty()) result.error = "cannot draw " + deck.file.string() + ": " + result.error;
    return result;
}

} // namespace speed::client::deck
