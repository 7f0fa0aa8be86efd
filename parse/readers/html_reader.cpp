// read_html: an HTML page (or fragment) as light markup.
#include "parse/readers/front_matter.hpp"
#include "parse/readers/html.hpp"
#include "parse/readers/markup.hpp"
#include "parse/readers/reader.hpp"

#include "core/text.hpp"

namespace cvsearch::readers {

TextDocument read_html(std::string_view utf8) {
    std::string clean = markup::clean_characters(text::sanitize_utf8(utf8));
    FrontMatter fm = split_front_matter(clean);  // Jekyll pages written in HTML have it too
    TextDocument doc = html::to_markup(fm.body, false);
    if (doc.name_hint.empty()) doc.name_hint = markup::person_name_in(fm.get({"name", "author", "title"}));
    doc.text = markup::finish(doc.text);
    // A personal page usually opens with its owner's name as the first heading.
    markup::take_name_heading(doc);
    return doc;
}

}  // namespace cvsearch::readers
