import 'styled-components';
import type { QuiverTheme } from './tokens';

declare module 'styled-components' {
  // styled-components is typed through this interface; it adds nothing to QuiverTheme.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends QuiverTheme {}
}
