import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import type { ClassMethod, MappableVariable } from '@portal/contract/choropleth';
import { CLASS_METHODS } from '@portal/contract/choropleth-classes';
import { nameWithUnit } from '@portal/contract/variable-names';

const sourceName = (v: MappableVariable) => `${v.source.sector}/${v.source.slug}`;
/** One option's value: the source and the variable, which names are unique within. */
const optionValue = (source: string, variable: string) => JSON.stringify([source, variable]);

/** The variables in groups by source, in the order the list gives them. */
function bySource(
  variables: MappableVariable[],
): { label: MappableVariable['source']; variables: MappableVariable[] }[] {
  const groups = new Map<string, { label: MappableVariable['source']; variables: MappableVariable[] }>();
  for (const variable of variables) {
    const group = groups.get(sourceName(variable)) ?? { label: variable.source, variables: [] };
    group.variables.push(variable);
    groups.set(sourceName(variable), group);
  }
  return [...groups.values()];
}

interface VariablePickerProps {
  variables: MappableVariable[];
  source: string | null;
  variable: string | null;
  method: ClassMethod;
  onVariable: (source: string, variable: string) => void;
  onMethod: (method: ClassMethod) => void;
}

/** The figure to map, grouped by source, and how its values are classed. */
export function VariablePicker({ variables, source, variable, method, onVariable, onMethod }: VariablePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const chosen = source && variable ? optionValue(source, variable) : '';
  const listed = variables.some((v) => optionValue(sourceName(v), v.name) === chosen);
  return (
    <div className="row g-3 mb-3 align-items-end">
      <div className="col-md-8">
        <Form.Label htmlFor={`${id}-variable`}>{t('choropleth.variable')}</Form.Label>
        <Form.Select
          id={`${id}-variable`}
          value={listed ? chosen : ''}
          onChange={(event) => {
            const [nextSource, nextVariable] = JSON.parse(event.target.value) as [string, string];
            onVariable(nextSource, nextVariable);
          }}
        >
          {!listed && (
            <option value="" disabled>
              {t('choropleth.chooseVariable')}
            </option>
          )}
          {bySource(variables).map((group) => (
            <optgroup
              key={`${group.label.sector}/${group.label.slug}`}
              label={t('choropleth.variableGroup', { sector: group.label.sectorTitle, source: group.label.title })}
            >
              {group.variables.map((v) => (
                <option key={v.name} value={optionValue(sourceName(v), v.name)}>
                  {nameWithUnit(v.name, v.unit)}
                </option>
              ))}
            </optgroup>
          ))}
        </Form.Select>
      </div>
      <div className="col-md-4">
        <Form.Label htmlFor={`${id}-method`}>{t('choropleth.method')}</Form.Label>
        <Form.Select
          id={`${id}-method`}
          value={method}
          onChange={(event) => onMethod(event.target.value as ClassMethod)}
        >
          {CLASS_METHODS.map((m) => (
            <option key={m} value={m}>
              {t(`choropleth.method.${m}`)}
            </option>
          ))}
        </Form.Select>
      </div>
    </div>
  );
}
