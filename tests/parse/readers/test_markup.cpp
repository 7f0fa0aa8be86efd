// Shared light-markup helpers: the name heuristic and e-mail finding that the
// readers use to turn titles and metadata into hints.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "parse/readers/markup.hpp"

using namespace cvsearch::readers::markup;

TEST_CASE("looks_like_person_name: names and page titles") {
    struct Row { std::string text; bool name; };
    const Row rows[] = {
        {"Ada Lovelace", true},         {"Ada M. Lovelace", true},        {"J.-P. Serre", true},
        {"Jae-Won Chung", true},        {"Mike (Deyuan) He", true},       {"Ludwig van Beethoven", true},
        {"JANE DOE", true},             {"Théophile Champion", true},     {"卢嘉成", true},
        {"👋 Barbara Example", true},   {"Ada", false},                   {"CV", false},
        {"Curriculum Vitae", false},    {"About Me", false},              {"Home Page", false},
        {"Research Interests", false},  {"PROFESSIONAL EXPERIENCE", false}, {"Simon Example. PhD", false},
        {"University of Iowa", false},  {"Ada Lovelace 2024", false},     {"ada lovelace", false},
        {"A Very Long Title With Many Capitalised Words", false},        {"", false},
    };
    for (const auto& r : rows) CHECK_MESSAGE(looks_like_person_name(r.text) == r.name, r.text);
}

TEST_CASE("person_name_in: the name part of a title") {
    CHECK(person_name_in("Ada Lovelace | Home") == "Ada Lovelace");
    CHECK(person_name_in("Ada Lovelace - Curriculum Vitae") == "Ada Lovelace");
    CHECK(person_name_in("Simon Example. PhD -- Resume") == "Simon Example");
    CHECK(person_name_in("Jingdong Example (王井东), Fellow of IEEE") == "");
    CHECK(person_name_in("Publications") == "");
    // what the page is, then whose
    CHECK(person_name_in("CV - Ada Lovelace") == "Ada Lovelace");
    CHECK(person_name_in("Curriculum Vitae | Ada Lovelace | Example University") == "Ada Lovelace");
    CHECK(person_name_in("Research - Ada Lovelace") == "");  // only a page word says the rest is whose
    // a title before the name; the name twice, in Latin and in Han script
    CHECK(person_name_in("Dr. Ada Lovelace") == "Ada Lovelace");
    CHECK(person_name_in("Tingyu Lo \xE7\xBE\x85\xE5\xBA\xAD\xE5\xAE\x87") == "Tingyu Lo");
}

TEST_CASE("find_emails and mailto_address") {
    CHECK(find_emails("Email: ada@example.org | grace.hopper@navy.example.mil, ada@example.org.") ==
          std::vector<std::string>{"ada@example.org", "grace.hopper@navy.example.mil"});
    CHECK(find_emails("@handle, a@b, x at y dot z").empty());
    CHECK(mailto_address("mailto:ada%40example.org?subject=CV") == "ada@example.org");
    CHECK(mailto_address("https://example.org").empty());
}

TEST_CASE("clean_characters: decorative emoji become spaces, bullet dingbats stay") {
    CHECK(clean_characters("\xF0\x9F\x8F\x86 Best Paper") == "  Best Paper");                 // trophy
    CHECK(clean_characters("\xF0\x9F\x92\xAC WeChat: jdoe") == "  WeChat: jdoe");             // speech balloon
    CHECK(clean_characters("\xE2\x9D\xA4\xEF\xB8\x8F Music") == "\xE2\x9D\xA4  Music");        // VS16 after a heart
    CHECK(clean_characters("\xE2\x9E\xA4 Item") == "\xE2\x9E\xA4 Item");                       // an arrow bullet
    CHECK(clean_characters("Caf\xC3\xA9 \xE4\xB8\xAD\xE6\x96\x87") == "Caf\xC3\xA9 \xE4\xB8\xAD\xE6\x96\x87");
}
