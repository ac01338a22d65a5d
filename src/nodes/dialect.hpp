// The opt-in to mj's extensions of the language: dialect="mj" on a model's root element. Without it a
// model is the reference's, run bit for bit, and an extension written in it is an error at its line
// that names the opt-in (the reference would pass it by and run something else). Decided once at
// load (dialect_of) and handed down in LoadContext.
#pragma once

#include <cstdint>
#include <string>

namespace mj {

class XmlElement;
class Grid;
struct LoadContext;

enum class Dialect : uint8_t { reference, mj };

// The dialect the root element asks for; fails at the root's line on a value other than "mj".
Dialect dialect_of(const XmlElement& root);

// What the opt-in's messages add when the root writes the opt-in misspelt (dialet="mj", Dialect="mj"), saying
// so: a model that fails to load shows no notices. Empty when it does not.
std::string misspelt_opt_in(const XmlElement& root);

// Fails at `attribute`'s line, naming the opt-in, unless the model opted in.
void require_extension(const XmlElement& e, const char* attribute, const LoadContext& context);

// Fails at the element's line, naming the opt-in, unless the model opted in: an element of the dialect (<event>).
void require_extension_element(const XmlElement& e, const LoadContext& context);

// A count attribute (steps): an integer as the reference reads it; in the mj dialect also an expression
// of the size of `grid` (core/count_expression.hpp), at least 0. `fallback` when absent.
int count_attribute(const XmlElement& e, const char* attribute, int fallback, const Grid& grid,
                    const LoadContext& context);

}  // namespace mj
