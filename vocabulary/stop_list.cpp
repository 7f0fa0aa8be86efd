#include "vocabulary/stop_list.hpp"

#include <algorithm>
#include <iterator>

namespace cvsearch::analysis {
namespace {

// Function words (a short classic list: the words no one searches a CV for)
// and the words of questions and requests.
constexpr std::string_view stop_list[] = {
    "a", "about", "all", "am", "an", "and", "any", "anybody", "anyone", "are", "as", "at", "be", "been",
    "being", "but", "by", "can", "could", "did", "do", "does", "doing", "find", "for", "from", "had", "has",
    "have", "having", "he", "her", "here", "him", "his", "how", "i", "in", "into", "is", "it", "its", "me",
    "my", "of", "on", "or", "our", "people", "person", "persons", "please", "researcher", "researchers",
    "she", "show", "so", "some", "somebody", "someone", "than", "that", "the", "their", "them", "there",
    "these", "they", "this", "those", "to", "us", "was", "we", "were", "what", "when", "where", "which",
    "who", "whom", "whose", "why", "will", "with", "within", "would", "you", "your"};

}  // namespace

bool is_stop_word(std::string_view folded) {
    return std::find(std::begin(stop_list), std::end(stop_list), folded) != std::end(stop_list);
}

}  // namespace cvsearch::analysis
